import type zhCN from '../zh-CN/http.ts';

export default {
  'http.error.network': 'Network error. Please check your connection and try again',
  'http.error.timeout': 'The request timed out. Please try again later',
  'http.error.status': 'Request failed (HTTP {{status}}). Please try again later',
  'http.error.unreadable': 'The server sent an unreadable answer. Please try again later',
  'http.stepUp.title': 'Confirm it is you',
  'http.stepUp.codeNote':
    'Actions on money or account access need a fresh confirmation. Enter the 6-digit code from your authenticator app or a recovery code; it lasts 10 minutes.',
  'http.stepUp.passwordNote':
    'Actions on money or account access need a fresh confirmation. Enter your password; it lasts 10 minutes.',
  'http.stepUp.codeLabel': 'Code or recovery code',
  'http.stepUp.codeRequired': 'Enter a code or a recovery code',
  'http.stepUp.passwordLabel': 'Password',
  'http.stepUp.passwordRequired': 'Enter your password',
  'http.stepUp.confirm': 'Confirm and continue',
  'http.stepUp.cancel': 'Cancel',
  'http.stepUp.passkeyNote':
    'Actions on money or account access need a fresh confirmation. Use your passkey, or enter a recovery code; it lasts 10 minutes.',
  'http.stepUp.usePasskey': 'Use a passkey',
  'http.stepUp.recoveryLabel': 'Recovery code',
  'http.stepUp.passkeyFailed': 'The passkey did not confirm it is you; please try again',
} satisfies Record<keyof typeof zhCN, string>;
