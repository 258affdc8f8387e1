// Who made each paid mark, on the firm's archive (issue 30, item 2): the firm's store records
// every row's writer; a mark another workstation's user wrote carries their name (`markedBy`),
// one this user wrote does not, so that "par vous" is said of this user's marks alone.
import type { PaymentMark } from '#shared/payments.ts';
import type { UserDataPort } from './user-data-port.ts';

/** A store that knows who last wrote each mark (postgres/user-data.ts). */
interface MarkWriters {
  paymentMarkWriters(invoiceIds?: readonly string[]): Promise<Map<string, string>>;
}

const knowsWriters = (port: object): port is MarkWriters =>
  typeof (port as Partial<MarkWriters>).paymentMarkWriters === 'function';

/** `port` whose marks name their writer when it is not `who()`. */
export function sayingWho<P extends UserDataPort>(port: P, who: () => string): P {
  if (!knowsWriters(port)) return port;
  const paymentMarks = async (invoiceIds?: readonly string[]) => {
    const [marks, writers] = await Promise.all([
      port.paymentMarks(invoiceIds),
      port.paymentMarkWriters(invoiceIds),
    ]);
    const me = who();
    const named = new Map<string, PaymentMark>();
    for (const [id, mark] of marks) {
      const writer = writers.get(id);
      named.set(id, writer && writer !== me ? { ...mark, markedBy: writer } : mark);
    }
    return named;
  };
  return new Proxy(port, {
    get: (target, key) => {
      if (key === 'paymentMarks') return paymentMarks;
      const value: unknown = Reflect.get(target, key, target);
      // Bound to the port itself: a class's private fields refuse the proxy as `this`.
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
