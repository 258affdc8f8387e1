// The release workflow's signing step: prints what will be signed or skipped and why, and hands
// electron-builder the variables of the plan through $GITHUB_ENV (printed only, elsewhere).
import { appendFileSync } from 'node:fs';
import { signingPlan } from './signing.ts';

const plan = signingPlan(process.env, process.platform);
const inActions = Boolean(process.env.GITHUB_ACTIONS);
for (const message of plan.messages) {
  const skipped = message.includes('skipped');
  console.log(inActions && skipped ? `::warning title=Signing::${message}` : message);
}
const lines = Object.entries(plan.env).map(([name, value]) => `${name}=${value}`);
if (process.env.GITHUB_ENV && lines.length)
  appendFileSync(process.env.GITHUB_ENV, `${lines.join('\n')}\n`);
else for (const line of lines) console.log(`would set ${line}`);
