// Whether a change asked of main went through, for the lists whose marks are many ids at once
// (À traiter, the échéancier's lists): its error, when it did not, goes to the screen's `fail`.
import type { AppError, Result } from '#shared/contract.ts';

export async function succeeded(
  answer: Promise<Result<unknown>>,
  fail: (error: AppError) => void,
): Promise<boolean> {
  const r = await answer;
  if (!r.ok) fail(r.error);
  return r.ok;
}
