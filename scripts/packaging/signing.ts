// Code signing and notarisation, decided from the secrets the release workflow passes in: each
// is done when its secrets are present and skipped, saying so plainly, when they are not (an
// unsigned build still installs: Windows SmartScreen and macOS Gatekeeper warn the user first).

export interface SigningPlan {
  /** Variables electron-builder must see (the workflow writes them to $GITHUB_ENV). */
  env: Record<string, string>;
  /** One line per decision, for the build log. */
  messages: string[];
  /** A secret is missing: the workflow shows the message as a warning. */
  skipped: boolean;
}

const present = (env: NodeJS.ProcessEnv, name: string): boolean => Boolean(env[name]?.trim());

/** Notarisation credentials electron-builder (@electron/notarize) accepts, in its order. */
const NOTARY_CREDENTIALS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
];

export function signingPlan(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): SigningPlan {
  const plan: SigningPlan = { env: {}, messages: [], skipped: false };
  const skip = (message: string) => {
    plan.messages.push(message);
    plan.skipped = true;
  };
  if (platform === 'darwin') {
    const signing = present(env, 'CSC_LINK');
    if (signing) plan.messages.push('macOS code signing: with the CSC_LINK certificate.');
    else {
      // Without this, electron-builder would sign with any identity found in the keychain.
      plan.env.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
      skip('macOS code signing skipped: no CSC_LINK secret (the app is signed ad hoc only).');
    }
    const notary = NOTARY_CREDENTIALS.find((names) => names.every((name) => present(env, name)));
    if (signing && notary) plan.messages.push(`macOS notarisation: with ${notary.join(', ')}.`);
    // Apple notarises signed apps only (electron-builder notarises right after it signs).
    else if (!signing) skip('macOS notarisation skipped: the app is not signed.');
    else skip('macOS notarisation skipped: no APPLE_ID (nor APPLE_API_KEY) secret.');
  } else if (platform === 'win32') {
    // electron-builder takes WIN_CSC_LINK, else CSC_LINK; the workflow passes CSC_LINK on macOS only.
    if (present(env, 'WIN_CSC_LINK') || present(env, 'CSC_LINK'))
      plan.messages.push('Windows code signing: with the WIN_CSC_LINK certificate.');
    else {
      plan.env.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
      skip('Windows code signing skipped: no WIN_CSC_LINK secret (SmartScreen will warn).');
    }
  } else {
    plan.messages.push(
      'Linux: AppImage and deb are not signed; the release lists their checksums.',
    );
  }
  return plan;
}
