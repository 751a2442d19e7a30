import type zhCN from '../zh-CN/passkeys.ts';

export default {
  'passkeys.title': 'Passkeys',
  'passkeys.explain':
    'A passkey signs you in with your fingerprint, face or device PIN, without a password, or confirms it is you after the password. It works only on this site, so a look-alike site cannot trick it out of you.',
  'passkeys.unsupported':
    'This browser does not support passkeys. Use a recent browser to add one.',
  'passkeys.add': 'Add a passkey',
  'passkeys.addTitle': 'Add a passkey',
  'passkeys.addExplain':
    'Name this passkey so you recognise it later. After "Create", follow the prompt of your browser.',
  'passkeys.create': 'Create',
  'passkeys.name': 'Name',
  'passkeys.nameRequired': 'Enter a name',
  'passkeys.defaultName': 'My passkey',
  'passkeys.created': 'Added',
  'passkeys.lastUsed': 'Last used',
  'passkeys.neverUsed': 'Not used yet',
  'passkeys.synced': 'Synced',
  'passkeys.actions': 'Actions',
  'passkeys.rename': 'Rename',
  'passkeys.renameTitle': 'Rename the passkey',
  'passkeys.renamed': 'Renamed',
  'passkeys.save': 'Save',
  'passkeys.remove': 'Remove',
  'passkeys.removeConfirm': 'Remove this passkey?',
  'passkeys.removeConfirmDescription': 'It will no longer sign you in.',
  'passkeys.removed': 'The passkey was removed',
  'passkeys.cancel': 'Cancel',
  'passkeys.none': 'No passkeys yet',
  'passkeys.alreadyOnDevice': 'This device already holds a passkey of your account',
  'passkeys.failed': 'The passkey could not be created; please try again',
  'passkeys.recoveryTitle': 'Save your recovery codes',
} satisfies Record<keyof typeof zhCN, string>;
