// The third-party memory's store contract in memory (the SQLite one, UserDataStore, is tested in
// integration), checking on every save that auxiliary codes stay unique.
import assert from 'node:assert/strict';
import type { ThirdParty, ThirdPartyRole } from '#shared/accounting.ts';
import type { ThirdPartyStore } from '#main/services/accounting/third-parties.ts';

export class MemoryStore implements ThirdPartyStore {
  rows = new Map<string, ThirdParty>();
  saves = 0;
  thirdParties(): ThirdParty[] {
    return [...this.rows.values()];
  }
  thirdParty(key: string, role: ThirdPartyRole): ThirdParty | null {
    return this.rows.get(`${key}|${role}`) ?? null;
  }
  saveThirdParties(list: readonly ThirdParty[]): void {
    this.saves++;
    for (const p of list) this.rows.set(`${p.key}|${p.role}`, { ...p });
    const codes = this.thirdParties().map((p) => p.auxiliary);
    assert.equal(new Set(codes).size, codes.length, 'auxiliary codes stay unique');
  }
  auxiliaryCodes() {
    return new Map(this.thirdParties().map((p) => [p.auxiliary, p]));
  }
}
