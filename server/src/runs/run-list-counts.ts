/**
 * How many runs a run-list query matches, per run-list version and search: a laboratory's count moves
 * only when its runs change, which moves the version (docs/performance.md, "run list cache"). Every
 * page of a version after the first is read without counting again. Bounded: the oldest entries go
 * first; an entry of an old version is never asked for again.
 */
export class RunListCounts {
  private readonly counts = new Map<string, number>();

  constructor(private readonly capacity = 2_000) {}

  get(version: string, search: string): number | undefined {
    return this.counts.get(RunListCounts.key(version, search));
  }

  set(version: string, search: string, total: number): void {
    const key = RunListCounts.key(version, search);
    this.counts.delete(key);
    this.counts.set(key, total);
    while (this.counts.size > this.capacity) {
      const oldest = this.counts.keys().next().value;
      if (oldest === undefined) break;
      this.counts.delete(oldest);
    }
  }

  private static key(version: string, search: string): string {
    return `${version}\u0000${search}`;
  }
}
