import type { Locale } from './locale.ts';

/** `code` of every successful response (the envelope's, `envelope.ts`); errors have their own. */
export const SUCCESS_CODE = 0;

export interface ErrorDefinition {
  /** Stable number sent as the envelope's `code`; never reused for another meaning. */
  code: number;
  /** HTTP status the server answers with. */
  status: number;
  /** Message per locale; `{name}` placeholders are filled from the error's params. */
  message: Record<Locale, string>;
}

/**
 * The one catalogue of error kinds. Numbers are grouped by domain:
 * 10xxx common, 20xxx accounts, 30xxx wallet and payments, 40xxx catalog, orders and instances,
 * 50xxx traffic, 60xxx gateways and operators, 70xxx the operator console, 90xxx messages.
 */
export const errors = {
  /** A request field failed validation; params: field, reason. */
  validationFailed: {
    code: 10001,
    status: 400,
    message: { 'zh-CN': '参数 {field} 不正确：{reason}', 'en-US': 'Invalid {field}: {reason}' },
  },
  /** The body could not be parsed (malformed JSON and the like). */
  malformedRequest: {
    code: 10002,
    status: 400,
    message: { 'zh-CN': '请求格式不正确', 'en-US': 'The request is malformed' },
  },
  /** The body is larger than the server accepts. */
  payloadTooLarge: {
    code: 10003,
    status: 413,
    message: { 'zh-CN': '请求内容过大', 'en-US': 'The request body is too large' },
  },
  /** The body has a content type the endpoint does not take. */
  unsupportedMediaType: {
    code: 10004,
    status: 415,
    message: { 'zh-CN': '不支持的请求内容类型', 'en-US': 'Unsupported content type' },
  },
  /** A path segment of the URL is longer than any route takes (Fastify's `maxParamLength`). */
  urlTooLong: {
    code: 10005,
    status: 414,
    message: { 'zh-CN': '请求地址过长', 'en-US': 'The request URL is too long' },
  },
  /** The request's headers together are larger than the server reads (Node's `maxHeaderSize`). */
  headersTooLarge: {
    code: 10006,
    status: 431,
    message: { 'zh-CN': '请求头过大', 'en-US': 'The request headers are too large' },
  },
  /** The request did not arrive whole in time (Node's `requestTimeout`). */
  requestTimedOut: {
    code: 10007,
    status: 408,
    message: { 'zh-CN': '请求超时，请重试', 'en-US': 'The request took too long to arrive' },
  },
  /** No valid session or API token was presented. */
  unauthorized: {
    code: 10101,
    status: 401,
    message: {
      'zh-CN': '登录已失效，请重新登录',
      'en-US': 'Your session has expired, please sign in again',
    },
  },
  /**
   * A personal API token that a rotation replaced: the caller must use the new one from the
   * profile (a session that expired gets `unauthorized`).
   */
  apiTokenReplaced: {
    code: 10102,
    status: 401,
    message: {
      'zh-CN': '该 API 令牌已被更换，请使用个人信息中的新令牌',
      'en-US': 'This API token has been replaced; use the new token from your profile',
    },
  },
  /** Signed in, but the role does not allow this call. */
  forbidden: {
    code: 10301,
    status: 403,
    message: { 'zh-CN': '没有权限执行此操作', 'en-US': 'You do not have permission to do this' },
  },
  /** Staff whose role lacks the endpoint's permission (a customer gets `forbidden`); params: role. */
  staffPermissionMissing: {
    code: 10302,
    status: 403,
    message: {
      'zh-CN': '您的员工角色（{role}）无权执行此操作',
      'en-US': 'Your staff role ({role}) does not allow this',
    },
  },
  /** No API route matches; params: method, path. */
  routeNotFound: {
    code: 10401,
    status: 404,
    message: {
      'zh-CN': '接口不存在：{method} {path}',
      'en-US': 'No such API endpoint: {method} {path}',
    },
  },
  /** The addressed record does not exist or belongs to someone else. */
  resourceNotFound: {
    code: 10402,
    status: 404,
    message: { 'zh-CN': '请求的数据不存在', 'en-US': 'The requested item does not exist' },
  },
  /** Too many requests from this client or for this account. */
  rateLimited: {
    code: 10429,
    status: 429,
    message: {
      'zh-CN': '请求过于频繁，请稍后再试',
      'en-US': 'Too many requests, please try again later',
    },
  },
  /** Anything unexpected; the cause is logged, never sent. */
  internalError: {
    code: 10500,
    status: 500,
    message: {
      'zh-CN': '服务器内部错误，请稍后再试',
      'en-US': 'Internal server error, please try again later',
    },
  },
  /** The database did not answer the health check. */
  databaseUnavailable: {
    code: 10503,
    status: 503,
    message: { 'zh-CN': '数据库暂时不可用', 'en-US': 'The database is unavailable' },
  },
  /**
   * A request lost its database on the way (restart, failover, unreachable, out of connections).
   * Whether a write it carried was applied is unknown: check before repeating it, or repeat it
   * with the same `Idempotency-Key`.
   */
  serviceTemporarilyUnavailable: {
    code: 10504,
    status: 503,
    message: {
      'zh-CN': '服务暂时不可用，请稍后重试',
      'en-US': 'The service is temporarily unavailable, please try again shortly',
    },
  },
  /**
   * Sign-in failed: the email is unknown or the password is wrong (deliberately the same answer).
   * 400 rather than 401 so clients do not treat it as an expired session.
   */
  invalidCredentials: {
    code: 20001,
    status: 400,
    message: { 'zh-CN': '邮箱或密码错误', 'en-US': 'Incorrect email or password' },
  },
  /** Registration with an email that already has an account (emails are case-insensitive). */
  emailTaken: {
    code: 20002,
    status: 409,
    message: {
      'zh-CN': '该邮箱已注册，请直接登录',
      'en-US': 'This email is already registered; please sign in',
    },
  },
  /** The account was disabled by an operator. */
  accountDisabled: {
    code: 20003,
    status: 403,
    message: {
      'zh-CN': '该账户已被停用，请联系客服',
      'en-US': 'This account has been disabled; please contact support',
    },
  },
  /** A password change whose current password is wrong. */
  currentPasswordIncorrect: {
    code: 20004,
    status: 400,
    message: { 'zh-CN': '当前密码不正确', 'en-US': 'The current password is incorrect' },
  },
  /**
   * Too many failed sign-ins for this account or from this address; nothing was checked.
   * params: minutes, until the limit lets an attempt through again (rounded up).
   */
  tooManySignInAttempts: {
    code: 20005,
    status: 429,
    message: {
      'zh-CN': '登录失败次数过多，请在 {minutes} 分钟后再试',
      'en-US': 'Too many failed sign-in attempts; please try again in {minutes} min',
    },
  },
  /** Too many registrations from this address. */
  tooManyRegistrations: {
    code: 20006,
    status: 429,
    message: {
      'zh-CN': '注册过于频繁，请稍后再试',
      'en-US': 'Too many sign-ups from this address; please try again later',
    },
  },
  /** A new password found in the list of common passwords (`passwords/common-passwords.ts`). */
  passwordTooCommon: {
    code: 20007,
    status: 400,
    message: {
      'zh-CN': '该密码过于常见，容易被猜到，请换一个',
      'en-US': 'This password is too common and easy to guess; please choose another',
    },
  },
  /** A new password that contains the part of the account's email before the @. */
  passwordContainsEmail: {
    code: 20008,
    status: 400,
    message: {
      'zh-CN': '密码不能包含邮箱名',
      'en-US': 'The password must not contain the name part of your email',
    },
  },
  /** A password change whose new password equals the current one. */
  passwordUnchanged: {
    code: 20009,
    status: 400,
    message: {
      'zh-CN': '新密码不能与当前密码相同',
      'en-US': 'The new password must differ from the current one',
    },
  },
  /**
   * A wrong email or password, and the next failure pauses sign-in: the warning before the lock.
   * params: minutes, how long the pause would last.
   */
  invalidCredentialsLastTry: {
    code: 20010,
    status: 400,
    message: {
      'zh-CN': '邮箱或密码错误。再失败 1 次，登录将暂停 {minutes} 分钟',
      'en-US': 'Incorrect email or password. One more failure pauses sign-in for {minutes} min',
    },
  },
  /**
   * A wrong email or password that used up the failures allowed: sign-in is paused from now.
   * params: minutes, until it opens again (rounded up).
   */
  signInPausedAfterFailure: {
    code: 20011,
    status: 400,
    message: {
      'zh-CN': '邮箱或密码错误。失败次数过多，登录已暂停，请在 {minutes} 分钟后再试',
      'en-US':
        'Incorrect email or password. Too many failures: sign-in is paused; try again in {minutes} min',
    },
  },
  /**
   * A sign-in, sign-up or password-reset ask sent without a proof of work while one is required:
   * after 3 failed sign-ins from the client address or on the account, or 3 sign-ups (reset asks)
   * from the address, in their throttling windows. Nothing was checked or counted; fetch a
   * challenge (`proofOfWorkChallenge`), solve it and send the payload as `proofOfWork`.
   */
  proofOfWorkRequired: {
    code: 20040,
    status: 400,
    message: {
      'zh-CN': '尝试次数较多，请先完成下方的人机验证',
      'en-US': 'There have been several attempts; please complete the check below first',
    },
  },
  /**
   * A proof of work that is malformed, tampered with, expired (challenges live 10 minutes) or
   * already used (each solution is accepted once): solve a fresh challenge.
   */
  proofOfWorkInvalid: {
    code: 20041,
    status: 400,
    message: {
      'zh-CN': '人机验证已失效，请重新验证',
      'en-US': 'The check has expired or was already used; please complete it again',
    },
  },
  /**
   * A password-reset link that is unknown, already used, replaced by a newer one or older than 30
   * minutes (deliberately one answer): the person asks for a new link.
   */
  passwordResetLinkInvalid: {
    code: 20030,
    status: 400,
    message: {
      'zh-CN': '重置密码链接无效或已过期，请重新申请一封重置邮件',
      'en-US': 'This password reset link is invalid or has expired; please ask for a new one',
    },
  },
  /**
   * A top-up or purchase by an account whose address is not confirmed yet, while the server
   * requires it (`EMAIL_VERIFICATION=required`); nothing was changed.
   */
  emailNotVerified: {
    code: 20201,
    status: 403,
    message: {
      'zh-CN': '请先验证邮箱：打开我们发到您邮箱的链接后，即可充值和购买',
      'en-US':
        'Please confirm your email address first: open the link we sent you, then you can top up and buy',
    },
  },
  /** A verification or change-of-address link that is unknown, used, replaced by a newer one or expired. */
  emailLinkInvalid: {
    code: 20202,
    status: 400,
    message: {
      'zh-CN': '链接无效或已过期。如已完成验证，无需再次操作；否则请在控制台重新发送邮件',
      'en-US':
        'This link is invalid or has expired. If you already confirmed, there is nothing more to do; otherwise send a new link from the console',
    },
  },
  /** A verification link asked for again by an account whose address is already confirmed. */
  emailAlreadyVerified: {
    code: 20203,
    status: 409,
    message: {
      'zh-CN': '您的邮箱已验证，无需再次发送',
      'en-US': 'Your email address is already confirmed',
    },
  },
  /** Another mailed link asked for within a minute of the last; params: seconds left. */
  emailLinkResendTooSoon: {
    code: 20204,
    status: 429,
    message: {
      'zh-CN': '邮件刚刚已发送，请在 {seconds} 秒后再试',
      'en-US': 'We just sent you an email; please try again in {seconds} s',
    },
  },
  /** A change to an address another account uses (emails are case-insensitive). */
  emailInUse: {
    code: 20205,
    status: 409,
    message: {
      'zh-CN': '该邮箱已被其他账户使用，请换一个',
      'en-US': 'This email address is used by another account; please choose another',
    },
  },
  /** A change of address to the address the account already has. */
  emailUnchanged: {
    code: 20206,
    status: 400,
    message: {
      'zh-CN': '新邮箱与当前邮箱相同',
      'en-US': 'The new email address is the same as the current one',
    },
  },
  /** A session to sign out that is not one of the caller's (or does not exist). */
  sessionNotFound: {
    code: 20601,
    status: 404,
    message: {
      'zh-CN': '该登录会话不存在',
      'en-US': 'Session not found',
    },
  },
  /**
   * An API key used for a call outside its scopes; params: scope, the scope the call needs
   * (`read`, `purchase` or `manage`).
   */
  apiKeyScopeMissing: {
    code: 20401,
    status: 403,
    message: {
      'zh-CN': '该 API 密钥没有此操作所需的权限范围（{scope}）',
      'en-US': 'This API key lacks the scope this call needs ({scope})',
    },
  },
  /** An API key used from an address outside its allowed sources; params: address. */
  apiKeySourceRefused: {
    code: 20402,
    status: 403,
    message: {
      'zh-CN': '该 API 密钥不允许从地址 {address} 使用',
      'en-US': 'This API key may not be used from {address}',
    },
  },
  /**
   * An API key used where no key may go: the password, email, factors, sessions and keys of the
   * account, and every staff endpoint. Sign in to the console instead.
   */
  apiKeyNotAllowed: {
    code: 20403,
    status: 403,
    message: {
      'zh-CN': 'API 密钥不能执行此操作，请登录控制台操作',
      'en-US': 'API keys cannot do this; sign in to the console instead',
    },
  },
  /** An account that already has the most live (not revoked, not expired) API keys; params: max. */
  apiKeyLimitReached: {
    code: 20404,
    status: 422,
    message: {
      'zh-CN': '最多可创建 {max} 个 API 密钥，请先吊销不用的密钥',
      'en-US': 'You can have at most {max} API keys; revoke one first',
    },
  },
  /** An allowed source that is neither an address nor a CIDR block; params: source. */
  apiKeySourceInvalid: {
    code: 20405,
    status: 400,
    message: {
      'zh-CN': '来源地址 {source} 不是有效的 IP 地址或网段',
      'en-US': '{source} is not a valid IP address or CIDR block',
    },
  },
  /** A key's expiry that is not in the future. */
  apiKeyExpiryInPast: {
    code: 20406,
    status: 400,
    message: {
      'zh-CN': '过期时间必须晚于现在',
      'en-US': 'The expiry must be in the future',
    },
  },
  /** No API key with that id on the caller's account. */
  apiKeyNotFound: {
    code: 20407,
    status: 404,
    message: { 'zh-CN': 'API 密钥不存在', 'en-US': 'API key not found' },
  },
  /**
   * A two-step verification code or recovery code that is wrong, already used (a code is accepted
   * once) or outside the ±30 s window.
   */
  secondFactorIncorrect: {
    code: 20301,
    status: 400,
    message: {
      'zh-CN': '验证码错误或已使用，请输入验证器应用中当前的 6 位验证码',
      'en-US':
        'The code is wrong or was already used; enter the current 6-digit code from your app',
    },
  },
  /**
   * A sign-in's second step whose challenge is unknown, used, older than 5 minutes or spent by 5
   * wrong codes (deliberately one answer): the person enters the password again.
   */
  signInChallengeInvalid: {
    code: 20302,
    status: 400,
    message: {
      'zh-CN': '登录验证已过期，请重新输入邮箱和密码',
      'en-US': 'This sign-in has expired; please enter your email and password again',
    },
  },
  /** Two-step verification switched on by an account that already has it. */
  twoStepAlreadyEnabled: {
    code: 20303,
    status: 409,
    message: {
      'zh-CN': '两步验证已启用',
      'en-US': 'Two-step verification is already on',
    },
  },
  /**
   * Confirming without a started enrolment, or switching off (or regenerating the recovery codes
   * of) an account without two-step verification.
   */
  twoStepNotEnabled: {
    code: 20304,
    status: 409,
    message: {
      'zh-CN': '两步验证未启用，请先在个人资料中启用',
      'en-US': 'Two-step verification is not on; switch it on in your profile first',
    },
  },
  /**
   * Staff of a role that must use two-step verification (`STAFF_2FA_ROLES`) whose grace ran out
   * without switching it on: every operator call is refused until they do (in the profile).
   */
  staffTwoStepRequired: {
    code: 20320,
    status: 403,
    message: {
      'zh-CN': '请先在个人资料中启用两步验证，然后才能使用运营后台',
      'en-US': 'Switch on two-step verification in your profile to use the operator console',
    },
  },
  /** Too many wrong second-factor codes on the account; params: minutes until it opens again. */
  tooManySecondFactorAttempts: {
    code: 20305,
    status: 429,
    message: {
      'zh-CN': '验证码错误次数过多，请在 {minutes} 分钟后再试',
      'en-US': 'Too many wrong codes; please try again in {minutes} min',
    },
  },
  /**
   * A session whose last factor (sign-in or step-up) is older than 10 minutes calling an endpoint
   * that moves money or changes access: the console asks for a code (or the password) and retries.
   */
  stepUpRequired: {
    code: 20310,
    status: 403,
    message: {
      'zh-CN': '此操作需要重新验证身份，请输入验证码或密码后重试',
      'en-US':
        'This action needs you to confirm it is you: enter your code or password, then retry',
    },
  },
  /** A password offered to step up on an account with two-step verification, which needs a code. */
  stepUpCodeRequired: {
    code: 20311,
    status: 400,
    message: {
      'zh-CN': '此账户已启用两步验证，请输入验证器应用中的验证码或恢复码',
      'en-US':
        'This account has two-step verification: enter a code from your app or a recovery code',
    },
  },
  /** A step-up asked with the personal API token, which is never asked for one: only sessions are. */
  stepUpNotNeeded: {
    code: 20312,
    status: 409,
    message: {
      'zh-CN': '个人 API 令牌无需重新验证身份，只有登录会话需要',
      'en-US': 'The personal API token never needs this confirmation; only signed-in sessions do',
    },
  },
  /** No passkey with that id on the caller's account. */
  passkeyNotFound: {
    code: 20501,
    status: 404,
    message: { 'zh-CN': '通行密钥不存在', 'en-US': 'Passkey not found' },
  },
  /**
   * A passkey's answer that did not prove it: a wrong signature, origin or site, a passkey not of
   * this account, one not known here, or user verification missing where it is needed.
   */
  passkeyVerificationFailed: {
    code: 20502,
    status: 400,
    message: {
      'zh-CN': '通行密钥验证未通过，请重试或换一种方式',
      'en-US': 'The passkey could not be verified; please try again or use another way',
    },
  },
  /** A passkey's answer to a ceremony that is unknown, used already or older than 5 minutes. */
  passkeyCeremonyExpired: {
    code: 20503,
    status: 400,
    message: {
      'zh-CN': '通行密钥请求已过期，请重试',
      'en-US': 'This passkey request has expired; please try again',
    },
  },
  /** An account that already has the most passkeys; params: max. */
  tooManyPasskeys: {
    code: 20504,
    status: 422,
    message: {
      'zh-CN': '最多可添加 {max} 个通行密钥，请先移除不用的',
      'en-US': 'You can have at most {max} passkeys; remove one first',
    },
  },
  /** A passkey added again (to this account or another). */
  passkeyAlreadyRegistered: {
    code: 20505,
    status: 409,
    message: {
      'zh-CN': '该通行密钥已添加过',
      'en-US': 'This passkey is already registered',
    },
  },
  /**
   * A production server without `PUBLIC_URL`: the site passkeys are bound to is unknown, so none
   * is made or accepted.
   */
  passkeysUnavailable: {
    code: 20506,
    status: 503,
    message: {
      'zh-CN': '此服务器暂不支持通行密钥，请联系管理员',
      'en-US': 'Passkeys are not available on this server; please contact the operator',
    },
  },
  /**
   * A step-up with the password (or a code) on an account whose only factor is a passkey: the
   * passkey (or a recovery code) proves it.
   */
  stepUpPasskeyRequired: {
    code: 20507,
    status: 400,
    message: {
      'zh-CN': '此账户使用通行密钥验证身份，请使用通行密钥或恢复码',
      'en-US': 'This account confirms with a passkey: use your passkey or a recovery code',
    },
  },
  /** A top-up amount outside the configured limits; params: min, max (yuan). */
  topUpAmountOutOfRange: {
    code: 30001,
    status: 400,
    message: {
      'zh-CN': '充值金额需在 ¥{min} 至 ¥{max} 之间',
      'en-US': 'The top-up amount must be between ¥{min} and ¥{max}',
    },
  },
  /** The payment channel is unknown or switched off on this server. */
  paymentChannelDisabled: {
    code: 30002,
    status: 400,
    message: {
      'zh-CN': '该支付方式暂不可用，请选择其他方式',
      'en-US': 'This payment method is not available; please choose another one',
    },
  },
  /** No such payment, or it belongs to someone else. */
  paymentNotFound: {
    code: 30003,
    status: 404,
    message: { 'zh-CN': '支付单不存在', 'en-US': 'The payment does not exist' },
  },
  /** The payment is no longer pending (already paid, closed or expired). */
  paymentNotPending: {
    code: 30004,
    status: 409,
    message: {
      'zh-CN': '该支付单已支付、已关闭或已过期',
      'en-US': 'This payment is already paid, closed or expired',
    },
  },
  /** A provider reported an amount or currency other than the payment's; nothing was credited. */
  paymentAmountMismatch: {
    code: 30005,
    status: 409,
    message: {
      'zh-CN': '支付金额与支付单不一致',
      'en-US': 'The paid amount does not match the payment',
    },
  },
  /**
   * The payment provider could not be asked to close its trade (unreachable, or an answer that
   * did not verify); the payment stays pending and may be cancelled again later.
   */
  paymentProviderUnavailable: {
    code: 30006,
    status: 503,
    message: {
      'zh-CN': '暂时无法向支付渠道关闭该支付单，请稍后再试',
      'en-US': 'The payment provider cannot close this payment right now; please try again later',
    },
  },
  /** The wallet balance does not cover a debit; nothing was changed. */
  insufficientBalance: {
    code: 30101,
    status: 422,
    message: {
      'zh-CN': '账户余额不足，请先充值',
      'en-US': 'Insufficient balance; please top up first',
    },
  },
  /** The plan does not exist or is no longer sold. */
  planNotFound: {
    code: 40001,
    status: 404,
    message: {
      'zh-CN': '套餐不存在或已下架',
      'en-US': 'The plan does not exist or is no longer sold',
    },
  },
  /** The plan has no price for the requested duration; params: durationDays. */
  durationNotOffered: {
    code: 40002,
    status: 400,
    message: {
      'zh-CN': '该套餐不提供 {durationDays} 天的时长',
      'en-US': 'The plan does not offer {durationDays} days',
    },
  },
  /** Fewer available IPs than requested; nothing was charged. params: requested, available. */
  insufficientStock: {
    code: 40101,
    status: 409,
    message: {
      'zh-CN': '库存不足：需要 {requested} 个 IP，当前可用 {available} 个',
      'en-US': 'Not enough stock: {requested} IPs requested, {available} available',
    },
  },
  /** The `Idempotency-Key` was already used for a different request; nothing was applied. */
  idempotencyKeyReused: {
    code: 40102,
    status: 409,
    message: {
      'zh-CN': '该幂等键已用于另一笔不同的请求',
      'en-US': 'This idempotency key was already used for a different request',
    },
  },
  /** No such order among the caller's. */
  orderNotFound: {
    code: 40201,
    status: 404,
    message: { 'zh-CN': '订单不存在', 'en-US': 'The order does not exist' },
  },
  /**
   * No receipt: the top-up or order is not the caller's, does not exist or is not paid (a
   * pending, closed or expired top-up has none).
   */
  receiptNotFound: {
    code: 40521,
    status: 404,
    message: {
      'zh-CN': '收据不存在：只有您已支付的充值和订单才有收据',
      'en-US': 'No such receipt: only your paid top-ups and orders have one',
    },
  },
  /** No such instance among the caller's. */
  instanceNotFound: {
    code: 40301,
    status: 404,
    message: { 'zh-CN': 'IP 实例不存在', 'en-US': 'The IP instance does not exist' },
  },
  /** An expired instance whose IP has gone back to the pool or to someone else cannot be renewed. */
  instanceNotRenewable: {
    code: 40302,
    status: 409,
    message: {
      'zh-CN': '该 IP 已释放，无法续费，请重新购买',
      'en-US': 'This IP has been released and cannot be renewed; please buy a new one',
    },
  },
  // Payments II: WeChat Pay (40501–40519, the numbers issue 35 set aside).
  /**
   * WeChat Pay could not be asked to open the trade of a new top-up (unreachable, refused, or an
   * answer that did not verify); the payment was closed here and nothing can be paid on it.
   */
  paymentProviderStartFailed: {
    code: 40501,
    status: 503,
    message: {
      'zh-CN': '暂时无法向支付渠道下单，请稍后再试或选择其他支付方式',
      'en-US':
        'The payment provider cannot take this payment right now; try again later or choose another method',
    },
  },
  /** A WeChat Pay notification reached a server where WeChat Pay is not switched on. */
  wechatPayNotConfigured: {
    code: 40502,
    status: 404,
    message: {
      'zh-CN': '本站未开通微信支付',
      'en-US': 'WeChat Pay is not enabled here',
    },
  },
  /**
   * A WeChat Pay notification whose signature, serial, timestamp (more than 5 minutes off) or
   * encrypted resource did not check out: nothing was changed, and WeChat Pay retries a real one.
   */
  wechatPayNotificationUnverified: {
    code: 40503,
    status: 401,
    message: {
      'zh-CN': '微信支付通知验签失败',
      'en-US': 'The WeChat Pay notification did not verify',
    },
  },
  /**
   * A verified WeChat Pay notification that does not match its payment (another merchant or app,
   * an unknown order number, another amount): nothing was credited.
   */
  wechatPayNotificationRefused: {
    code: 40504,
    status: 400,
    message: {
      'zh-CN': '微信支付通知与支付单不符，未入账',
      'en-US': 'The WeChat Pay notification does not match the payment; nothing was credited',
    },
  },
  /** A usage query spans more than its granularity allows; params: maxDays. */
  usageRangeTooLarge: {
    code: 50001,
    status: 400,
    message: {
      'zh-CN': '查询时间范围过大，最多 {maxDays} 天',
      'en-US': 'The time range is too large; at most {maxDays} days',
    },
  },
  /** `from` is not before `to`. */
  usageRangeInvalid: {
    code: 50002,
    status: 400,
    message: {
      'zh-CN': '开始时间必须早于结束时间',
      'en-US': 'The start must be before the end',
    },
  },
  /**
   * Plan GB × quantity is more traffic than one package holds (its bytes must stay a JSON-safe
   * integer); params: maxQuantity, the most packages of this plan one purchase may take.
   */
  trafficPurchaseTooLarge: {
    code: 50003,
    status: 422,
    message: {
      'zh-CN': '单次购买的流量过大，该套餐一次最多购买 {maxQuantity} 份',
      'en-US':
        'That is too much traffic for one purchase; at most {maxQuantity} of this plan at once',
    },
  },
  /** The dynamic pool does not leave from the requested country or city; params: region. */
  dynamicRegionUnavailable: {
    code: 50101,
    status: 400,
    message: {
      'zh-CN': '动态代理暂不支持该地区：{region}',
      'en-US': 'Dynamic proxies are not available in {region}',
    },
  },
  /** A gateway node presented no key, an unknown key, or a disabled node's key. */
  nodeKeyInvalid: {
    code: 60101,
    status: 401,
    message: {
      'zh-CN': '节点密钥无效',
      'en-US': 'The node key is invalid',
    },
  },
  /**
   * A usage batch claims more bytes than the node's line rate moves in the batch's interval;
   * nothing was applied. params: bytes (claimed), maxBytes.
   */
  usageBatchTooLarge: {
    code: 60102,
    status: 422,
    message: {
      'zh-CN': '用量批次上报 {bytes} 字节，超过节点在该时段内可能传输的上限 {maxBytes} 字节',
      'en-US':
        'The usage batch claims {bytes} bytes, more than the node can move in its interval ({maxBytes} bytes at most)',
    },
  },
  /**
   * A usage batch's interval is inconsistent: only one of `from` and `to`, `from` after `to`, or
   * a record's time outside the interval; nothing was applied.
   */
  usageBatchIntervalInvalid: {
    code: 60103,
    status: 400,
    message: {
      'zh-CN': '用量批次的时段不正确：需同时给出 from 与 to，from 不得晚于 to，记录时间须在时段内',
      'en-US':
        'The usage batch interval is invalid: from and to go together, from may not be after to, and every record must fall within them',
    },
  },
  /** Applying a usage batch would take an hourly usage total beyond what can be counted exactly. */
  usageTotalOutOfRange: {
    code: 60104,
    status: 422,
    message: {
      'zh-CN': '用量批次会使小时用量超出可计量范围，未予记录',
      'en-US': 'The usage batch would take an hourly usage total out of range; nothing was applied',
    },
  },
  // Staff management (70001–70099).
  /** The email already belongs to a member of staff; params: email, role. */
  staffAlreadyStaff: {
    code: 70001,
    status: 409,
    message: {
      'zh-CN': '{email} 已是员工（{role}），如需调整请更改其角色',
      'en-US': '{email} is already staff ({role}); change their role instead',
    },
  },
  /** The addressed account is not a member of staff (or does not exist). */
  staffMemberNotFound: {
    code: 70002,
    status: 404,
    message: {
      'zh-CN': '该员工不存在或已不是员工',
      'en-US': 'No such member of staff',
    },
  },
  /** Staff cannot change or remove their own role (another owner must). */
  staffOwnRoleChange: {
    code: 70003,
    status: 409,
    message: {
      'zh-CN': '不能更改或移除自己的角色，请由另一位所有者操作',
      'en-US': 'You cannot change or remove your own role; ask another owner',
    },
  },
  /** An owner resetting their own two-step verification (they switch it off in their profile). */
  staffOwnTwoStepReset: {
    code: 70005,
    status: 409,
    message: {
      'zh-CN': '不能在此重置自己的两步验证，请在个人资料中操作',
      'en-US': 'You cannot reset your own two-step verification here; use your profile',
    },
  },
  /** The change would leave no owner to manage the staff. */
  staffLastOwner: {
    code: 70004,
    status: 409,
    message: {
      'zh-CN': '至少需要保留一位所有者',
      'en-US': 'At least one owner must remain',
    },
  },
  // Operator console: payments, provider sync, mark-paid and reconciliation (70300–70399).
  /** An operator marked paid a payment that is paid already; nothing was changed. */
  paymentAlreadyPaid: {
    code: 70301,
    status: 409,
    message: {
      'zh-CN': '该支付单已入账，未做任何更改',
      'en-US': 'This payment is already paid; nothing was changed',
    },
  },
  /** The trade number is recorded on another payment of the channel already; params: tradeNo. */
  paymentTradeNoTaken: {
    code: 70302,
    status: 409,
    message: {
      'zh-CN': '交易号 {tradeNo} 已属于另一笔支付单',
      'en-US': 'Trade number {tradeNo} already belongs to another payment',
    },
  },
  /** A sync of a sandbox payment: the built-in cashier has no provider to ask. */
  paymentSyncSandbox: {
    code: 70303,
    status: 409,
    message: {
      'zh-CN': '沙箱支付没有外部支付渠道可查询，其结果只来自沙箱收银台的确认',
      'en-US':
        'A sandbox payment has no provider to ask; only the sandbox cashier’s confirm pays it',
    },
  },
  /** A sync of a payment whose channel is not switched on here now; params: channel. */
  paymentSyncChannelOff: {
    code: 70304,
    status: 409,
    message: {
      'zh-CN': '支付渠道 {channel} 未在本服务器启用，无法查询',
      'en-US': 'The {channel} channel is not switched on here, so it cannot be asked',
    },
  },
  /** The provider's trade query failed (unreachable, or an answer that did not verify). */
  paymentProviderQueryFailed: {
    code: 70305,
    status: 503,
    message: {
      'zh-CN': '暂时无法向支付渠道查询该支付单，请稍后再试',
      'en-US': 'The payment provider cannot be asked about this payment right now; try again later',
    },
  },
  /** A reconciliation range whose first day is after its last; params: from, to. */
  reconciliationRangeReversed: {
    code: 70306,
    status: 400,
    message: {
      'zh-CN': '对账开始日期 {from} 晚于结束日期 {to}',
      'en-US': 'The reconciliation starts on {from}, after its last day {to}',
    },
  },
  /** A reconciliation range longer than allowed; params: maxDays. */
  reconciliationRangeTooLong: {
    code: 70307,
    status: 400,
    message: {
      'zh-CN': '对账区间最长 {maxDays} 天',
      'en-US': 'A reconciliation covers at most {maxDays} days',
    },
  },
  // Operator console: customers and balance adjustments (70100–70199).
  /** No customer has this id (staff accounts are not customers: they are managed as staff). */
  customerNotFound: {
    code: 70101,
    status: 404,
    message: { 'zh-CN': '客户不存在', 'en-US': 'No such customer' },
  },
  /** Disabling a customer who is already disabled; nothing was changed. */
  customerAlreadyDisabled: {
    code: 70102,
    status: 409,
    message: { 'zh-CN': '该客户已被停用', 'en-US': 'This customer is already disabled' },
  },
  /** Enabling a customer who is not disabled; nothing was changed. */
  customerNotDisabled: {
    code: 70103,
    status: 409,
    message: { 'zh-CN': '该客户未被停用', 'en-US': 'This customer is not disabled' },
  },
  /**
   * A debit adjustment the customer's balance does not cover; nothing was changed (a pending one
   * stays pending). params: balance, amount (yuan).
   */
  adjustmentExceedsBalance: {
    code: 70104,
    status: 422,
    message: {
      'zh-CN': '客户余额 ¥{balance} 不足以扣减 ¥{amount}，余额不能为负，未做任何更改',
      'en-US':
        "The customer's balance (¥{balance}) does not cover a debit of ¥{amount}; a balance cannot go below zero, nothing was changed",
    },
  },
  /** No balance adjustment has this id. */
  adjustmentNotFound: {
    code: 70105,
    status: 404,
    message: { 'zh-CN': '余额调整申请不存在', 'en-US': 'No such balance adjustment' },
  },
  /** The adjustment was already approved or rejected (by someone else, perhaps at the same time). */
  adjustmentNotPending: {
    code: 70106,
    status: 409,
    message: {
      'zh-CN': '该余额调整已被审批或驳回，不能再处理',
      'en-US': 'This balance adjustment was already approved or rejected',
    },
  },
  /** The operator who asked for an adjustment cannot approve or reject it themselves. */
  adjustmentOwnRequest: {
    code: 70107,
    status: 403,
    message: {
      'zh-CN': '不能审批自己提交的余额调整，需由另一位员工审批',
      'en-US': 'You cannot decide your own balance adjustment; another operator must',
    },
  },
  // The operator console: orders and refunds (70200–70299).
  /** The order cost nothing, so nothing can be refunded. */
  orderNotRefundable: {
    code: 70201,
    status: 409,
    message: {
      'zh-CN': '该订单金额为 0，无可退款项',
      'en-US': 'This order cost nothing; there is nothing to refund',
    },
  },
  /** Everything the order cost has already been refunded; nothing was changed. */
  orderAlreadyRefunded: {
    code: 70202,
    status: 409,
    message: {
      'zh-CN': '该订单已全额退款',
      'en-US': 'This order has already been refunded in full',
    },
  },
  /**
   * The refund asks for more than the order has left to refund (total − refunded so far);
   * nothing was changed. params: refundable (yuan).
   */
  refundExceedsRefundable: {
    code: 70203,
    status: 422,
    message: {
      'zh-CN': '退款金额超出可退金额，该订单最多还可退 ¥{refundable}',
      'en-US': 'The refund is more than is left to refund: at most ¥{refundable} for this order',
    },
  },
  // Operator console: announcements (70700–70799).
  /** No announcement has this id (it may have been deleted). */
  announcementNotFound: {
    code: 70701,
    status: 404,
    message: {
      'zh-CN': '该公告不存在或已被删除',
      'en-US': 'No such announcement (it may have been deleted)',
    },
  },
  /** The end is not after the start; nothing was changed. params: startsAt (as sent or stored). */
  announcementEndsBeforeStart: {
    code: 70702,
    status: 400,
    message: {
      'zh-CN': '结束时间（endsAt）必须晚于开始时间 {startsAt}',
      'en-US': 'The end (endsAt) must be later than the start, {startsAt}',
    },
  },
  // Operator console: the outbox (70800–70899).
  /** No message of the outbox has this id (it may have been pruned). */
  messageNotFound: {
    code: 70801,
    status: 404,
    message: {
      'zh-CN': '该邮件不存在或已被清理',
      'en-US': 'No such message (it may have been pruned)',
    },
  },
  /** Only a failed message can be resent (this one is queued, sent or suppressed); nothing changed. */
  messageNotFailed: {
    code: 70802,
    status: 409,
    message: {
      'zh-CN': '只能重发发送失败的邮件，这封邮件未失败（已发送、排队中或已停发）',
      'en-US': 'Only a failed message can be resent; this one is sent, queued or suppressed',
    },
  },
  // The operator console: the catalog of regions, static-IP plans and traffic plans (70401–70499).
  /** A region with this country and city code exists already; params: country, city. */
  regionTaken: {
    code: 70401,
    status: 409,
    message: {
      'zh-CN': '地区 {country}/{city} 已存在',
      'en-US': 'The region {country}/{city} exists already',
    },
  },
  /** No region has this id. */
  regionNotFound: {
    code: 70402,
    status: 404,
    message: { 'zh-CN': '地区不存在', 'en-US': 'No such region' },
  },
  /** The region already has a plan for this line type (one plan per region and line type). */
  staticIpPlanTaken: {
    code: 70403,
    status: 409,
    message: {
      'zh-CN': '该地区的这种线路已有套餐，请编辑现有套餐',
      'en-US': 'This region already has a plan for this line type; edit that plan instead',
    },
  },
  /** No static-IP plan has this id. */
  staticIpPlanNotFound: {
    code: 70404,
    status: 404,
    message: { 'zh-CN': '静态 IP 套餐不存在', 'en-US': 'No such static-IP plan' },
  },
  /** A plan with live instances cannot be deleted, only hidden; params: instances. */
  staticIpPlanInUse: {
    code: 70405,
    status: 409,
    message: {
      'zh-CN': '该套餐下还有 {instances} 个使用中的 IP，不能删除，请改为下架',
      'en-US': 'This plan has {instances} live IPs and cannot be deleted; hide it instead',
    },
  },
  /** A traffic plan of this size and validity exists already; params: gb, days. */
  trafficPlanTaken: {
    code: 70406,
    status: 409,
    message: {
      'zh-CN': '已有 {gb} GB / {days} 天的流量套餐',
      'en-US': 'A traffic plan of {gb} GB for {days} days exists already',
    },
  },
  /** No traffic plan has this id. */
  trafficPlanNotFound: {
    code: 70407,
    status: 404,
    message: { 'zh-CN': '流量套餐不存在', 'en-US': 'No such traffic plan' },
  },
  /** A traffic plan with packages still in use cannot be deleted, only hidden; params: packages. */
  trafficPlanInUse: {
    code: 70408,
    status: 409,
    message: {
      'zh-CN': '该套餐还有 {packages} 个使用中的流量包，不能删除，请改为下架',
      'en-US': 'This plan has {packages} live packages and cannot be deleted; hide it instead',
    },
  },
  // The operator console: gateway nodes (70600–70699).
  /** No gateway node has this id. */
  nodeNotFound: {
    code: 70601,
    status: 404,
    message: { 'zh-CN': '网关节点不存在', 'en-US': 'No such gateway node' },
  },
  /** Another node has this name already; nothing was added. params: name. */
  nodeNameTaken: {
    code: 70602,
    status: 409,
    message: {
      'zh-CN': '已有名为 {name} 的节点，请换一个名称（或为它轮换密钥）',
      'en-US': 'A node named {name} exists already; choose another name (or rotate its key)',
    },
  },
  /** Disabling a node that is disabled already; nothing was changed. */
  nodeAlreadyDisabled: {
    code: 70603,
    status: 409,
    message: { 'zh-CN': '该节点已被停用', 'en-US': 'This node is already disabled' },
  },
  /** Enabling a node that is not disabled; nothing was changed. */
  nodeNotDisabled: {
    code: 70604,
    status: 409,
    message: { 'zh-CN': '该节点未被停用', 'en-US': 'This node is not disabled' },
  },
  // The operator console: the IP inventory (70501–70599).
  /** No address of the pool has this id. */
  ipNotFound: {
    code: 70501,
    status: 404,
    message: { 'zh-CN': 'IP 地址不存在', 'en-US': 'No such IP address' },
  },
  /**
   * An import applied with line errors; nothing was imported. params: count. `data`: `{rows,
   * totals}` with the rows at fault.
   */
  ipImportHasErrors: {
    code: 70502,
    status: 400,
    message: {
      'zh-CN': '导入内容有 {count} 行错误，未导入任何地址，请先预览并修正',
      'en-US':
        'The import has {count} row(s) with errors; nothing was imported. Preview and fix them first',
    },
  },
  /** The import names a gateway node that does not exist. params: node. */
  ipImportNodeNotFound: {
    code: 70503,
    status: 404,
    message: {
      'zh-CN': '不存在名为 {node} 的网关节点',
      'en-US': 'No gateway node is named {node}',
    },
  },
  /** Pasted ranges name a region that does not exist. params: region. */
  ipImportRegionNotFound: {
    code: 70504,
    status: 404,
    message: {
      'zh-CN': '地区 {region} 不存在，请先在目录中添加',
      'en-US': 'No region {region}; add it to the catalog first',
    },
  },
  /** The import holds more addresses than one import may. params: max. */
  ipImportTooLarge: {
    code: 70505,
    status: 400,
    message: {
      'zh-CN': '单次导入最多 {max} 个地址，请分批导入',
      'en-US': 'One import may hold at most {max} addresses; split it',
    },
  },
  /** The text holds no address at all. */
  ipImportEmpty: {
    code: 70506,
    status: 400,
    message: { 'zh-CN': '没有可导入的地址', 'en-US': 'There is no address to import' },
  },
  /**
   * Another import added some of these addresses between the check and the write; nothing was
   * imported.
   */
  ipImportConflict: {
    code: 70507,
    status: 409,
    message: {
      'zh-CN': '部分地址刚被另一次导入加入地址池，本次未导入任何地址，请重新预览',
      'en-US':
        'Another import has just added some of these addresses; nothing was imported. Preview again',
    },
  },
  /** Quarantining an address that is already quarantined. params: address. */
  ipAlreadyQuarantined: {
    code: 70508,
    status: 409,
    message: {
      'zh-CN': '{address} 已处于隔离状态，未做任何更改',
      'en-US': '{address} is already quarantined; nothing was changed',
    },
  },
  /** Releasing an address that is not quarantined. params: address. */
  ipNotQuarantined: {
    code: 70509,
    status: 409,
    message: {
      'zh-CN': '{address} 未被隔离，无需解除，未做任何更改',
      'en-US': '{address} is not quarantined; nothing was changed',
    },
  },
  /** A retired address is retired for good: no quarantine, release or second retirement. */
  ipRetired: {
    code: 70510,
    status: 409,
    message: {
      'zh-CN': '{address} 已退役，不能再更改状态',
      'en-US': '{address} is retired for good; its status cannot change',
    },
  },
  /** Retiring an address a live instance still uses. params: address. */
  ipInUse: {
    code: 70511,
    status: 409,
    message: {
      'zh-CN': '{address} 仍有生效中的实例在使用，不能退役；可先隔离，待实例更换或到期后再退役',
      'en-US':
        '{address} is still used by a live instance and cannot be retired; quarantine it, then retire it once the instance is replaced or expired',
    },
  },
  /** A subscription token that is unknown, rotated away, or of a disabled account. */
  subscriptionNotFound: {
    code: 80301,
    status: 404,
    message: {
      'zh-CN': '订阅链接不存在或已失效',
      'en-US': 'This subscription link does not exist or no longer works',
    },
  },
  /** One subscription token fetched more often than the limit allows. */
  subscriptionRateLimited: {
    code: 80302,
    status: 429,
    message: {
      'zh-CN': '订阅更新过于频繁，请稍后再试',
      'en-US': 'This subscription is updated too often; please try again later',
    },
  },
  /** Not an IPv4 or IPv6 address or CIDR block. params: address. */
  allowlistAddressInvalid: {
    code: 80101,
    status: 400,
    message: {
      'zh-CN': '{address} 不是有效的 IPv4/IPv6 地址或 CIDR 网段',
      'en-US': '{address} is not a valid IPv4 or IPv6 address or CIDR block',
    },
  },
  /** A block written with host bits set (`10.1.2.3/24`). params: address, network. */
  allowlistHostBitsSet: {
    code: 80102,
    status: 400,
    message: {
      'zh-CN': '{address} 的主机位不为零，网段请写作 {network}',
      'en-US': '{address} has host bits set; write the block as {network}',
    },
  },
  /** A block wider than /24 (IPv4) or /48 (IPv6). params: address. */
  allowlistBlockTooWide: {
    code: 80103,
    status: 400,
    message: {
      'zh-CN': '{address} 范围过大：IPv4 最大 /24，IPv6 最大 /48',
      'en-US': '{address} is too wide: at most /24 for IPv4 and /48 for IPv6',
    },
  },
  /** A private, loopback, link-local, multicast, documentation or other reserved block. params: address. */
  allowlistAddressReserved: {
    code: 80104,
    status: 400,
    message: {
      'zh-CN': '{address} 属于内网或保留地址，不能加入白名单，请填写公网地址',
      'en-US': '{address} is a private or reserved address; allowlist a public address',
    },
  },
  /** The account already has the most entries it may. params: max. */
  allowlistFull: {
    code: 80105,
    status: 422,
    message: {
      'zh-CN': '白名单最多 {max} 条，请先删除不用的地址',
      'en-US': 'The allowlist holds at most {max} entries; delete one first',
    },
  },
  /** The block is (or overlaps) one already on the caller's own list. params: address, existing. */
  allowlistOverlapsOwn: {
    code: 80106,
    status: 409,
    message: {
      'zh-CN': '{address} 与白名单中已有的 {existing} 重叠',
      'en-US': '{address} overlaps {existing}, already on your allowlist',
    },
  },
  /**
   * The block overlaps one on another customer's list: a source address must name one customer.
   * params: address.
   */
  allowlistTakenByAnother: {
    code: 80107,
    status: 409,
    message: {
      'zh-CN': '{address} 已被其他账户加入白名单，无法确定归属，不能添加',
      'en-US':
        '{address} is already allowlisted by another account, so it cannot tell whose it is; it was not added',
    },
  },
  /** No allowlist entry with that id on the caller's list. */
  allowlistEntryNotFound: {
    code: 80108,
    status: 404,
    message: { 'zh-CN': '白名单条目不存在', 'en-US': 'Allowlist entry not found' },
  },
  /** The account already has the most sub-users it may. params: max. */
  subUserLimitReached: {
    code: 80121,
    status: 422,
    message: {
      'zh-CN': '最多可创建 {max} 个子账户，请先删除不用的子账户',
      'en-US': 'You can have at most {max} sub-users; delete one first',
    },
  },
  /** Another of the caller's sub-users has this name. params: name. */
  subUserNameTaken: {
    code: 80122,
    status: 409,
    message: {
      'zh-CN': '已有名为「{name}」的子账户，请换一个名称',
      'en-US': 'A sub-user named "{name}" already exists; choose another name',
    },
  },
  /** No sub-user with that id among the caller's. */
  subUserNotFound: {
    code: 80123,
    status: 404,
    message: { 'zh-CN': '子账户不存在', 'en-US': 'Sub-user not found' },
  },
  /** The generated proxy username was taken by a concurrent write, every try. */
  subUserLoginTaken: {
    code: 80124,
    status: 409,
    message: {
      'zh-CN': '生成的代理用户名已被占用，请重试',
      'en-US': 'The generated proxy username was taken; please try again',
    },
  },
  /** Traffic-history filters that cannot be combined. params: filters. */
  usageFiltersConflict: {
    code: 80141,
    status: 400,
    message: {
      'zh-CN': '筛选条件 {filters} 不能同时使用',
      'en-US': 'The filters {filters} cannot be used together',
    },
  },
  /** No traffic package with that id among the caller's. */
  trafficPackageNotFound: {
    code: 80142,
    status: 404,
    message: { 'zh-CN': '流量包不存在', 'en-US': 'Traffic package not found' },
  },
  /**
   * The instance used the plan's replacements of this month; params: quota, resetsAt (the start
   * of next month, business time zone).
   */
  replacementQuotaExhausted: {
    code: 80401,
    status: 422,
    message: {
      'zh-CN': '本月更换次数已用完（每月 {quota} 次），{resetsAt} 起可再次更换',
      'en-US': 'This IP has used its {quota} replacements this month; more from {resetsAt}',
    },
  },
  /** Replacing or testing needs a live instance; this one has expired. */
  instanceNotLive: {
    code: 80402,
    status: 409,
    message: {
      'zh-CN': '该 IP 已过期，不能更换或检测',
      'en-US': 'This IP has expired and cannot be replaced or tested',
    },
  },
  /** Too many connectivity checks of one instance; params: limit (per hour). */
  instanceChecksTooFrequent: {
    code: 80403,
    status: 429,
    message: {
      'zh-CN': '检测过于频繁：每个 IP 每小时最多检测 {limit} 次',
      'en-US': 'Too many tests: at most {limit} per IP per hour',
    },
  },
  /** No such connectivity check of this instance (or of another node, for a gateway). */
  instanceCheckNotFound: {
    code: 80404,
    status: 404,
    message: { 'zh-CN': '检测记录不存在', 'en-US': 'The test does not exist' },
  },
  /** Security and money messages cannot be switched off; params: category (its label). */
  notificationMandatory: {
    code: 90001,
    status: 400,
    message: {
      'zh-CN': '安全和资金类通知不能关闭',
      'en-US': 'Security and money notifications cannot be switched off',
    },
  },
  /** An unsubscribe link that this server did not sign, or whose account is gone. */
  unsubscribeLinkInvalid: {
    code: 90404,
    status: 404,
    message: {
      'zh-CN': '退订链接无效，请在账户设置中管理通知',
      'en-US': 'This unsubscribe link is not valid; manage notifications in your account settings',
    },
  },
  /** A webhook address that is not a whole http(s) URL (or carries a user name or password). */
  webhookUrlInvalid: {
    code: 90101,
    status: 400,
    message: {
      'zh-CN': '请填写以 http:// 或 https:// 开头的完整网址，且不含用户名和密码',
      'en-US':
        'Enter a whole address starting with http:// or https://, without a user name or password',
    },
  },
  /** The webhook's host is, or resolves to, a loopback, private, link-local or reserved address. params: host. */
  webhookDestinationPrivate: {
    code: 90102,
    status: 400,
    message: {
      'zh-CN': '{host} 指向内网、本机或保留地址，无法接收通知，请填写公网地址',
      'en-US': '{host} points to a private, loopback or reserved address; use a public address',
    },
  },
  /** The account already has the most webhook endpoints it may. params: max. */
  webhookLimitReached: {
    code: 90103,
    status: 422,
    message: {
      'zh-CN': '最多可添加 {max} 个 Webhook 地址，请先删除不用的地址',
      'en-US': 'You can have at most {max} webhook endpoints; delete one first',
    },
  },
  /** A resend to an endpoint that is switched off. */
  webhookDisabled: {
    code: 90104,
    status: 409,
    message: {
      'zh-CN': '该 Webhook 地址已停用，请先启用再重新发送',
      'en-US': 'This webhook endpoint is switched off; switch it on before resending',
    },
  },
  /** No webhook endpoint with that id on the caller's account. */
  webhookNotFound: {
    code: 90405,
    status: 404,
    message: { 'zh-CN': 'Webhook 地址不存在', 'en-US': 'Webhook endpoint not found' },
  },
  /** No delivery with that id to one of the caller's endpoints. */
  webhookDeliveryNotFound: {
    code: 90406,
    status: 404,
    message: { 'zh-CN': '推送记录不存在', 'en-US': 'Webhook delivery not found' },
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof errors;
export type ErrorParams = Record<string, string | number>;

/** Fills `{name}` placeholders of an error's message in the given locale. */
export function formatErrorMessage(name: ErrorName, locale: Locale, params: ErrorParams = {}) {
  return errors[name].message[locale].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}
