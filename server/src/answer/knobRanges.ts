/**
 * Every knob of the answer wings (retrieval/params.ts, extractive/params.ts) has a documented range,
 * checked when a set of knobs is built or injected (an evaluation sweep, a test): a value outside it
 * is a typo or a misunderstanding (a share above 1, a page count of 0), and is refused by name
 * before it can make retrieval quietly worse.
 */
export interface KnobRange {
  min: number;
  max: number;
  /** Counts and limits: whole numbers only. */
  integer?: boolean;
}

export type KnobRanges<T> = { readonly [K in keyof T]: KnobRange };

/** `values` unchanged when every knob is a number in its range; otherwise a RangeError naming the knob and its range. */
export function checkKnobs<T extends object>(wing: string, values: T, ranges: KnobRanges<T>): T {
  for (const [name, value] of Object.entries(values) as [string, unknown][]) {
    const range = (ranges as Record<string, KnobRange | undefined>)[name];
    if (!range) throw new RangeError(`${wing}: no knob named ${name}`);
    const whole = range.integer ? 'a whole number ' : '';
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      value < range.min ||
      value > range.max ||
      (range.integer && !Number.isInteger(value))
    )
      throw new RangeError(`${wing} knob ${name} = ${String(value)}: must be ${whole}in ${range.min}..${range.max}`);
  }
  return values;
}
