export { CredentialVault, KEYCHAIN_SERVICE } from './credential-vault.ts';
export type { CredentialVaultOptions, KeytarLike, SecretLocation } from './credential-vault.ts';
