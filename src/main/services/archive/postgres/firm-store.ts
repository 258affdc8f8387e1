// The firm's archive as this workstation reaches it: firm.json's address, schema and TLS, the
// password from the OS keychain. Null when the workstation has no firm server (the embedded
// archive); a clear failure when it has one it cannot use.
import type { CredentialVault } from '../../vault/index.ts';
import { AppFailure } from '../../app-failure.ts';
import type { DatabaseOptions } from './database.ts';
import { FIRM_VAULT_ACCOUNT, readFirmSettings, tlsOptions } from './firm-settings.ts';

export async function firmDatabaseOptions(
  dataDir: string,
  vault: Pick<CredentialVault, 'get'>,
): Promise<DatabaseOptions | null> {
  const settings = readFirmSettings(dataDir);
  if (!settings) return null;
  const password = await vault.get(FIRM_VAULT_ACCOUNT);
  if (password === undefined)
    throw new AppFailure(
      'keychain',
      "The firm's password is not in this workstation's keychain: run `npm run cli -- firm connect` again",
    );
  return { url: settings.url, password, schema: settings.schema, tls: tlsOptions(settings) };
}
