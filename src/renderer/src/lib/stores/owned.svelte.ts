// One value that belongs to the connection it was set under, such as the invoice whose panel is
// open or what the operator answered to a creation: it reads null the moment another connection
// becomes active (or the screens reload: session.generation), and does not come back.
import { untrack } from 'svelte';
import { session } from './session.svelte.ts';

export class Owned<T> {
  #held = $state.raw<{ generation: number; value: T } | null>(null);

  get value(): T | null {
    const held = this.#held;
    return held && held.generation === session.generation ? held.value : null;
  }

  set value(value: T | null) {
    this.#held = value === null ? null : { generation: untrack(() => session.generation), value };
  }
}
