import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for a local run', () => {
    const config = loadConfig({}, { stdoutIsTty: false });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databasePoolSize: 20,
      dataDir: path.resolve('./data'),
      logLevel: 'info',
      logFormat: 'json',
      isProduction: false,
      trustProxy: false,
      sessions: { idleHours: 12, maxDays: 7, cacheMs: 1000 },
      catalogCacheSeconds: 60,
      throttle: {
        loginPerAccount: { max: 100, windowMinutes: 60 },
        loginPerAccountAddress: { max: 10, windowMinutes: 60 },
        loginPerAddress: { max: 30, windowMinutes: 15 },
      },
    });
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('keeps mail in the outbox without SMTP_URL, and needs MAIL_FROM with it', () => {
    expect(loadConfig({})).toMatchObject({ mail: undefined, brandName: 'Stratus' });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
        MAIL_FROM: 'Acme Proxy <noreply@acme.example>',
        BRAND_NAME: 'Acme Proxy',
      }),
    ).toMatchObject({
      mail: {
        smtpUrl: 'smtps://user:secret@smtp.example.com:465',
        from: 'Acme Proxy <noreply@acme.example>',
        fromDomain: 'acme.example',
      },
      brandName: 'Acme Proxy',
    });
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:25' })).toThrow(
      'MAIL_FROM: is required with SMTP_URL',
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SECRET_KEY: 'k'.repeat(64),
        SMTP_URL: 'smtp://localhost:25',
        MAIL_FROM: 'noreply@acme.example',
      }),
    ).toThrow('PUBLIC_URL: is required with SMTP_URL in production');
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.com' })).toThrow(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
  });

  it('requires email verification by default only when mail can be sent', () => {
    const smtp = { SMTP_URL: 'smtp://localhost:25', MAIL_FROM: 'noreply@acme.example' };
    expect(loadConfig({}).emailVerification).toBe('optional');
    expect(loadConfig(smtp).emailVerification).toBe('required');
    expect(loadConfig({ ...smtp, EMAIL_VERIFICATION: 'optional' }).emailVerification).toBe(
      'optional',
    );
    expect(loadConfig({ EMAIL_VERIFICATION: 'required' }).emailVerification).toBe('required');
    expect(() => loadConfig({ EMAIL_VERIFICATION: 'yes' })).toThrow(
      'EMAIL_VERIFICATION: must be required or optional',
    );
  });

  it('reads the PostgreSQL pool size, from 1 to 100 connections', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).databasePoolSize).toBe(8);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE: must be between 1 and 100/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '2.5' })).toThrow(
      /DATABASE_POOL_SIZE: must be a whole number/,
    );
  });

  it('reuses a token check for at most a second', () => {
    expect(loadConfig({ SESSION_CACHE_MS: '0' }).sessions.cacheMs).toBe(0);
    expect(() => loadConfig({ SESSION_CACHE_MS: '1001' })).toThrow(
      /SESSION_CACHE_MS: must be between 0 and 1000/,
    );
  });

  it('logs pretty on a terminal unless told otherwise', () => {
    expect(loadConfig({}, { stdoutIsTty: true }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { stdoutIsTty: true }).logFormat).toBe('json');
  });

  it('gives a shutdown 10 s by default, or SHUTDOWN_GRACE_SECONDS', () => {
    expect(loadConfig({}).shutdownGraceSeconds).toBe(10);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '2.5' }).shutdownGraceSeconds).toBe(2.5);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(
      /SHUTDOWN_GRACE_SECONDS: must be greater than 0/,
    );
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrow(
      /SHUTDOWN_GRACE_SECONDS: must be a number/,
    );
  });

  it('runs the background jobs every 60 s by default, or every JOBS_INTERVAL_SECONDS', () => {
    expect(loadConfig({}).jobsIntervalSeconds).toBe(60);
    expect(loadConfig({ JOBS_INTERVAL_SECONDS: '5' }).jobsIntervalSeconds).toBe(5);
    expect(loadConfig({ JOBS_INTERVAL_SECONDS: '86400' }).jobsIntervalSeconds).toBe(86_400);
    for (const bad of ['0', '-5', '86401']) {
      expect(() => loadConfig({ JOBS_INTERVAL_SECONDS: bad })).toThrow(
        /JOBS_INTERVAL_SECONDS: must be between 1 and 86400 seconds \(a day\)/,
      );
    }
    expect(() => loadConfig({ JOBS_INTERVAL_SECONDS: '1.5' })).toThrow(
      /JOBS_INTERVAL_SECONDS: must be a whole number of seconds/,
    );
    expect(() => loadConfig({ JOBS_INTERVAL_SECONDS: 'hourly' })).toThrow(
      /JOBS_INTERVAL_SECONDS: must be a number of seconds/,
    );
  });

  it('puts the demo gateway, the demo IPs and the dynamic entry point on EMBEDDED_GATEWAY_PORT', () => {
    expect(loadConfig({}).embeddedGateway).toEqual({
      enabled: true,
      port: 1080,
      nodeKey: undefined,
    });
    expect(loadConfig({}).dynamicProxy).toEqual({ host: '127.0.0.1', port: 1080 });
    const moved = loadConfig({ EMBEDDED_GATEWAY_PORT: '11080' });
    expect(moved.embeddedGateway.port).toBe(11_080);
    expect(moved.dynamicProxy.port).toBe(11_080);
    // A dynamic pool of its own keeps its port; without the demo gateway the default is 1080.
    expect(
      loadConfig({ EMBEDDED_GATEWAY_PORT: '11080', DYNAMIC_PROXY_PORT: '2080' }).dynamicProxy.port,
    ).toBe(2080);
    expect(
      loadConfig({ EMBEDDED_GATEWAY_PORT: '11080', EMBEDDED_GATEWAY: '0' }).dynamicProxy.port,
    ).toBe(1080);
    expect(
      loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(32) }).embeddedGateway,
    ).toMatchObject({ enabled: false });
    for (const bad of ['0', '65536']) {
      expect(() => loadConfig({ EMBEDDED_GATEWAY_PORT: bad })).toThrow(
        /EMBEDDED_GATEWAY_PORT: must be between 1 and 65535/,
      );
    }
    expect(() => loadConfig({ EMBEDDED_GATEWAY_NODE_KEY: 'secret' })).toThrow(
      /EMBEDDED_GATEWAY_NODE_KEY: must be a node key/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names every bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: must be a number/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres/);
    expect(attempt).toThrow(/LOG_LEVEL: must be one of/);
  });

  it('requires SECRET_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY: is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'short' })).toThrow(
      /SECRET_KEY: must be at least 32/,
    );
    const key = 'a'.repeat(64);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: key }).secretKey).toBe(key);
  });

  it('reads TRUST_PROXY as a flag, a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') {
      expect(hops('10.0.0.1', 0)).toBe(true);
      expect(hops('10.0.0.2', 1)).toBe(false);
    }
  });

  it('has payment defaults: ¥1–¥50 000, 30 minutes, sandbox only outside production', () => {
    expect(loadConfig({}).payments).toEqual({
      topUpMinFen: 100n,
      topUpMaxFen: 5_000_000n,
      expiryMinutes: 30,
      sandboxEnabled: true,
      alipay: null,
      wechat: null,
    });
    const production = { NODE_ENV: 'production', SECRET_KEY: 'a'.repeat(64) };
    expect(loadConfig(production).payments.sandboxEnabled).toBe(false);
    expect(loadConfig({ ...production, PAYMENT_SANDBOX: '1' }).payments.sandboxEnabled).toBe(true);
    expect(loadConfig({ PAYMENT_SANDBOX: '0' }).payments.sandboxEnabled).toBe(false);
    expect(loadConfig({ TOPUP_MIN_YUAN: '0.5' }).payments.topUpMinFen).toBe(50n);
  });

  it('lets balance adjustments up to ¥1000 apply without approval, or ADJUSTMENT_APPROVAL_THRESHOLD_YUAN', () => {
    expect(loadConfig({}).adjustmentApprovalThresholdFen).toBe(100_000n);
    const threshold = (value: string) =>
      loadConfig({ ADJUSTMENT_APPROVAL_THRESHOLD_YUAN: value }).adjustmentApprovalThresholdFen;
    expect(threshold('250.5')).toBe(25_050n);
    // 0: every adjustment waits for a second operator.
    expect(threshold('0')).toBe(0n);
    expect(() => threshold('-1')).toThrow(/ADJUSTMENT_APPROVAL_THRESHOLD_YUAN: must be 0 or more/);
    expect(() => threshold('0.001')).toThrow(/at most two decimals/);
  });

  it('refuses bad payment settings and half an Alipay configuration', () => {
    expect(() => loadConfig({ TOPUP_MIN_YUAN: '10', TOPUP_MAX_YUAN: '5' })).toThrow(
      /TOPUP_MIN_YUAN: must not exceed/,
    );
    expect(() => loadConfig({ TOPUP_MAX_YUAN: '1.001' })).toThrow(/at most two decimals/);
    const partial = () => loadConfig({ ALIPAY_APP_ID: '2021' });
    expect(partial).toThrow(/ALIPAY_PRIVATE_KEY: is required/);
    expect(partial).toThrow(/ALIPAY_PUBLIC_KEY: is required/);
    expect(partial).toThrow(/PUBLIC_URL: is required for Alipay/);
    expect(() =>
      loadConfig({
        ALIPAY_APP_ID: '2021',
        ALIPAY_PRIVATE_KEY: 'not a key',
        ALIPAY_PUBLIC_KEY: 'not a key',
        PUBLIC_URL: 'https://shop.example.com',
      }),
    ).toThrow(/ALIPAY_PRIVATE_KEY: is not a readable/);
  });

  it('turns Alipay on with base64 keys as Alipay hands them out', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const bare = (der: Buffer) => der.toString('base64');
    const config = loadConfig({
      ALIPAY_APP_ID: '2021',
      ALIPAY_PRIVATE_KEY: bare(privateKey.export({ type: 'pkcs8', format: 'der' })),
      ALIPAY_PUBLIC_KEY: bare(publicKey.export({ type: 'spki', format: 'der' })),
      PUBLIC_URL: 'https://shop.example.com/',
    });
    expect(config.payments.alipay).toMatchObject({
      appId: '2021',
      gateway: 'https://openapi.alipay.com/gateway.do',
      publicUrl: 'https://shop.example.com',
    });
    expect(config.payments.alipay?.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    // No ALIPAY_SELLER_ID: the seller is learned from Alipay's own answers.
    expect(config.payments.alipay?.sellerId).toBeNull();
  });

  it('takes ALIPAY_SELLER_ID as a 2088… user id, and not without the rest of Alipay', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const alipay = {
      ALIPAY_APP_ID: '2021',
      ALIPAY_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ALIPAY_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      PUBLIC_URL: 'https://shop.example.com',
    };
    const sellerId = '2088000000000001';
    expect(loadConfig({ ...alipay, ALIPAY_SELLER_ID: sellerId }).payments.alipay?.sellerId).toBe(
      sellerId,
    );
    for (const wrong of ['2088', '1088000000000001', '2088 000000000001', 'seller@example.com']) {
      expect(() => loadConfig({ ...alipay, ALIPAY_SELLER_ID: wrong })).toThrow(
        /ALIPAY_SELLER_ID: must be the 16-digit Alipay user id/,
      );
    }
    expect(() => loadConfig({ ALIPAY_SELLER_ID: sellerId })).toThrow(
      /ALIPAY_APP_ID: is required when any ALIPAY_\* variable is set/,
    );
  });

  it('takes WeChat Pay all or nothing, in public-key mode or certificate mode, never both', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wechat = {
      PUBLIC_URL: 'https://shop.example.com',
      WECHATPAY_MCHID: '1900000109',
      WECHATPAY_APPID: 'wxd678efh567hg6787',
      WECHATPAY_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_APIV3_KEY: 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6',
    };
    const publicKeyMode = {
      WECHATPAY_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092025010100000000000001',
    };
    expect(loadConfig({ ...wechat, ...publicKeyMode }).payments.wechat).toMatchObject({
      mchId: '1900000109',
      verifier: { serial: 'PUB_KEY_ID_0119000001092025010100000000000001' },
      gateway: 'https://api.mch.weixin.qq.com',
      publicUrl: 'https://shop.example.com',
    });
    expect(loadConfig({}).payments.wechat).toBeNull();
    expect(() => loadConfig({ WECHATPAY_MCHID: '1900000109' })).toThrow(
      /WECHATPAY_APIV3_KEY: is required when any WECHATPAY_\* variable is set/,
    );
    expect(() => loadConfig(wechat)).toThrow(/either WECHATPAY_PUBLIC_KEY/);
    expect(() =>
      loadConfig({ ...wechat, ...publicKeyMode, WECHATPAY_PLATFORM_CERTIFICATE: 'x' }),
    ).toThrow(/not both/);
    expect(() =>
      loadConfig({ ...wechat, WECHATPAY_PLATFORM_CERTIFICATE: 'not a certificate' }),
    ).toThrow(/WECHATPAY_PLATFORM_CERTIFICATE: is not a readable X.509 certificate/);
    expect(() => loadConfig({ ...wechat, ...publicKeyMode, WECHATPAY_APIV3_KEY: 'short' })).toThrow(
      /WECHATPAY_APIV3_KEY: must be exactly 32 bytes/,
    );
    expect(() =>
      loadConfig({ ...wechat, ...publicKeyMode, WECHATPAY_PUBLIC_KEY_ID: 'abc' }),
    ).toThrow(/WECHATPAY_PUBLIC_KEY_ID: must be the public key id/);
    expect(() => loadConfig({ ...wechat, ...publicKeyMode, PUBLIC_URL: undefined })).toThrow(
      /PUBLIC_URL: is required for WeChat Pay/,
    );
  });

  it('keeps the business in Asia/Shanghai by default, or BUSINESS_TIMEZONE; refuses an unknown zone', () => {
    expect(loadConfig({}).businessTimeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ BUSINESS_TIMEZONE: 'America/Los_Angeles' }).businessTimeZone).toBe(
      'America/Los_Angeles',
    );
    for (const bad of ['China', 'Asia/Shanghia', '+08:00']) {
      expect(() => loadConfig({ BUSINESS_TIMEZONE: bad })).toThrow(
        /BUSINESS_TIMEZONE: must be an IANA time zone name such as Asia\/Shanghai/,
      );
    }
  });

  it('makes every staff role use two-step verification from the start by default, or STAFF_2FA_ROLES from STAFF_2FA_REQUIRED_FROM', () => {
    expect(loadConfig({}).staffTwoStep).toEqual({
      roles: ['owner', 'finance', 'support', 'ops'],
      requiredFrom: null,
    });
    expect(
      loadConfig({ STAFF_2FA_ROLES: ' owner, finance ', STAFF_2FA_REQUIRED_FROM: '2026-12-01' })
        .staffTwoStep,
    ).toEqual({ roles: ['owner', 'finance'], requiredFrom: new Date('2026-12-01T00:00:00Z') });
    expect(loadConfig({ STAFF_2FA_ROLES: 'none' }).staffTwoStep.roles).toEqual([]);
    expect(
      loadConfig({ STAFF_2FA_REQUIRED_FROM: '2026-12-01T08:00+08:00' }).staffTwoStep.requiredFrom,
    ).toEqual(new Date('2026-12-01T00:00:00Z'));
    expect(() => loadConfig({ STAFF_2FA_ROLES: 'owner,admin' })).toThrow(
      /STAFF_2FA_ROLES.*: must list staff roles: owner, finance, support, ops/,
    );
    for (const bad of ['tomorrow', '2026-13-45', '01/12/2026']) {
      expect(() => loadConfig({ STAFF_2FA_REQUIRED_FROM: bad })).toThrow(
        /STAFF_2FA_REQUIRED_FROM: must be a date such as 2026-12-01/,
      );
    }
  });
});
