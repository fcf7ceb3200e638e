import L from 'leaflet';
import { sensorPaint } from './side-view-options.ts';
import type { SensorLevel } from './sensor-levels.ts';

interface NamedIconOptions extends L.DivIconOptions {
  /** the accessible name of the icon's element (Leaflet gives interactive markers role="button") */
  label?: string;
  /** data-* attributes for tools and tests that read what is drawn */
  data?: Record<string, string>;
}

/** A div icon whose element carries its accessible name and data attributes, set again when Leaflet reuses it. */
const NamedDivIcon = L.DivIcon.extend({
  createIcon(this: L.DivIcon & { options: NamedIconOptions }, oldIcon?: HTMLElement) {
    const element = L.DivIcon.prototype.createIcon.call(this, oldIcon);
    if (this.options.label) element.setAttribute('aria-label', this.options.label);
    for (const [key, value] of Object.entries(this.options.data ?? {})) element.setAttribute(`data-${key}`, value);
    return element;
  },
}) as unknown as new (options: NamedIconOptions) => L.DivIcon;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A colour from a label's fields, only if it is one (it is written into markup): else the fallback. */
export const safeColour = (value: string | undefined, fallback: string) =>
  value && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|rgba?\([0-9.,\s%]{5,40}\))$/.test(value.trim())
    ? value.trim()
    : fallback;

/**
 * A sensor's marker: with Simple Icons a dot; otherwise the water-level sign of engineering drawings,
 * a triangle standing on its point at the level (at the tip when dry or unread).
 */
export function sensorIcon(
  level: SensorLevel,
  simple: boolean,
  label: string,
  data: Record<string, string>,
): L.DivIcon {
  const paint = sensorPaint(level);
  const size = simple ? 12 : 18;
  const mark = simple
    ? `<circle cx="6" cy="6" r="5" fill="${paint.fill}" stroke="${paint.stroke}" stroke-width="1.5"/>`
    : `<path d="M1 2 H17 L9 16 Z" fill="${paint.fill}" stroke="${paint.hollow ? paint.stroke : '#0b2a55'}" stroke-width="1.5"/>` +
      (level.stale && !level.invalid ? '<path d="M5 5 H13" stroke="#fff" stroke-width="1.5"/>' : '') +
      (level.invalid
        ? '<text x="9" y="11" font-size="9" text-anchor="middle" fill="#fff" font-weight="700">!</text>'
        : '');
  return new NamedDivIcon({
    html: `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true">${mark}</svg>`,
    className: 'vigil-section-sensor',
    iconSize: [size, size],
    // The triangle's point sits on the level; the dot's centre.
    iconAnchor: simple ? [size / 2, size / 2] : [9, 16],
    label,
    data,
  });
}

/** Text placed in the plane (labels, axis values): not interactive, anchored at a corner or side. */
export function textIcon(
  text: string,
  options: {
    className: string;
    anchor: 'bottom-left' | 'left' | 'right' | 'top' | 'bottom-right';
    style?: string;
  },
): L.DivIcon {
  const transform = {
    'bottom-left': 'translate(0, -100%)',
    left: 'translate(0, -50%)',
    right: 'translate(-100%, -50%)',
    top: 'translate(-50%, 0)',
    'bottom-right': 'translate(-100%, -100%)',
  }[options.anchor];
  return L.divIcon({
    html: `<span style="position:absolute;white-space:nowrap;transform:${transform};${options.style ?? ''}">${escapeHtml(text)}</span>`,
    className: options.className,
    iconSize: [0, 0],
    iconAnchor: [0, 0],
  });
}
