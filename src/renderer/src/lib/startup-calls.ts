// The start-up's three calls (app info, settings, connections), sent when this module is
// evaluated: main.ts imports it first, so they leave before the app's own code is evaluated
// (issue 27, item 7) and main answers them meanwhile. session.start() takes these answers once;
// a later start (a retry) asks again.
import { api } from './api.ts';

type StartupAnswers = Promise<
  [
    Awaited<ReturnType<typeof api.invoke<'app:info'>>>,
    Awaited<ReturnType<typeof api.invoke<'settings:get'>>>,
    Awaited<ReturnType<typeof api.invoke<'connections:list'>>>,
  ]
>;

let sent: StartupAnswers | null = null;

const send = (): StartupAnswers =>
  Promise.all([api.invoke('app:info'), api.invoke('settings:get'), api.invoke('connections:list')]);

sent = send();

export function startupAnswers(): StartupAnswers {
  const answers = sent ?? send();
  sent = null;
  return answers;
}
