export { CredentialVault, KEYCHAIN_SERVICE } from './credential-vault.ts';
export type { KeytarLike } from './credential-vault.ts';
