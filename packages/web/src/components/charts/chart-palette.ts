/**
 * Eight series colours told apart with the common colour-vision deficiencies (after Paul Tol's "vibrant" and
 * "muted" schemes). None is red, orange or yellow: those mean alarm states and limit lines.
 */
const SERIES_COLOURS = [
  '#0077BB', // blue
  '#009988', // teal
  '#AA3377', // purple
  '#33BBEE', // cyan
  '#117733', // green
  '#6A3D9A', // violet
  '#999933', // olive
  '#332288', // indigo
] as const;

/** The colour of the series at `index`: its own when given, else the palette's, repeating after eight. */
export function seriesColour(index: number, own?: string): string {
  return own ?? SERIES_COLOURS[index % SERIES_COLOURS.length]!;
}

/** A #rrggbb colour at the given opacity (0 to 1); other colour forms as they are. */
export function withAlpha(colour: string, alpha: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  return `${colour}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}
