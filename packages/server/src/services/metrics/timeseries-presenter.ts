import type { AggregationFunction, TimeseriesGroupBy } from '@vigil/domain';
import type { WindowAccumulator } from './bucket-accumulator.ts';

/**
 * Writes the timeseries result (`{data: [{monitored_entity | data_point_id, values: {iso: value}}]}`)
 * as JSON text, window by window. A chart of 10 series × 2000 points is 20 000 members: building
 * them as objects and stringifying costs more than the query, and formatting each time alone
 * (`toISOString`) even more, so each bucket's `"start":` is formatted once per window and shared by
 * all keys, and every member is one string joined once at the end.
 */
export class TimeseriesPresenter {
  private readonly keyName: TimeseriesGroupBy;
  private readonly keys: readonly string[];
  private readonly fn: AggregationFunction;
  /** per key, its members, each with its leading comma but the first */
  private readonly members: string[][];

  constructor(keyName: TimeseriesGroupBy, keys: readonly string[], fn: AggregationFunction) {
    this.keyName = keyName;
    this.keys = keys;
    this.fn = fn;
    this.members = keys.map(() => []);
  }

  append(acc: WindowAccumulator) {
    const starts = acc.window.starts;
    const labels = new Array<string | undefined>(starts.length);
    for (let key = 0; key < this.keys.length; key++) {
      const buckets = acc.valuesOf(key, this.fn);
      if (!buckets) continue;
      const { count, value } = buckets;
      const out = this.members[key]!;
      for (let i = 0; i < count.length; i++) {
        if (count[i] === 0) continue;
        const label = (labels[i] ??= `"${new Date(starts[i]!).toISOString()}":`);
        const v = value[i]!;
        out.push((out.length ? ',' : '') + label + (Number.isFinite(v) ? v : 'null'));
      }
    }
  }

  /** Series in key order; keys without any value in the range are left out. */
  toJson(): string {
    const parts: string[] = ['{"data":['];
    let first = true;
    this.keys.forEach((key, i) => {
      const members = this.members[i]!;
      if (!members.length) return;
      parts.push(`${first ? '' : ','}{"${this.keyName}":${JSON.stringify(key)},"values":{`);
      for (const m of members) parts.push(m);
      parts.push('}}');
      first = false;
    });
    parts.push(']}');
    return parts.join('');
  }
}
