import type { LaboratoryScope } from '@amplio/db';

/**
 * The run list's version per laboratory, kept from PostgreSQL's change notifications
 * (`RunListChangeListener`), for keying cached run-list pages (docs/performance.md). Pure.
 *
 * A key is only given while changes are being heard: before the first `listening` and after a
 * `lost`, `keyOf` is null and the list is read from the database each time. Every `listening` and
 * `lost` starts a new epoch, so nothing cached before a gap in the notifications is served after it.
 */
export class RunListVersions {
  private epoch = 0;
  private heard = false;
  /** Changes heard in this epoch, every laboratory together: a cross-laboratory list's version. */
  private all = 0;
  private readonly laboratories = new Map<string, number>();

  changed(laboratoryId: string): void {
    this.all++;
    if (laboratoryId === '*') {
      this.newEpoch();
      return;
    }
    this.laboratories.set(laboratoryId, (this.laboratories.get(laboratoryId) ?? 0) + 1);
  }

  listening(): void {
    this.newEpoch();
    this.heard = true;
  }

  lost(): void {
    this.newEpoch();
    this.heard = false;
  }

  /** The version of what `scope` sees of the run list; null when changes are not being heard. */
  keyOf(scope: LaboratoryScope): string | null {
    if (!this.heard) return null;
    if (scope.crossLaboratory) return `${this.epoch}:all:${this.all}`;
    if (!scope.laboratoryId) return null;
    return `${this.epoch}:${scope.laboratoryId}:${this.laboratories.get(scope.laboratoryId) ?? 0}`;
  }

  private newEpoch(): void {
    this.epoch++;
    this.all = 0;
    this.laboratories.clear();
  }
}
