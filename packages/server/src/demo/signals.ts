/**
 * The demo's physics, as pure functions of (device, time): seasons, daily cycles, rain storms and
 * the lagged rise of water they cause, slow settlement and creep, noise, outages, limit breaches and
 * the odd impossible value. Everything is drawn from a hash of a fixed seed, the device and the time,
 * so the 90-day history and the live simulator produce the same values for the same instant, in any
 * order, on any machine (ADR 0008).
 */

export const DEMO_SEED = 0x5ca1ab1e;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
const BLOCK_MS = 30 * DAY_MS;
/** Where slow trends (settlement, creep) are zero; values drift from the baselines around it. */
const TREND_ORIGIN = Date.UTC(2026, 10, 1);

export function hashString(text: string, seed = DEMO_SEED): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix(h, text.length);
}

/** A well-mixed 32-bit hash of two integers (murmur3's finaliser). */
export function mix(a: number, b: number): number {
  let h = (a ^ Math.imul(b | 0, 0x9e3779b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1). */
export const uniform = (key: number, n: number) => mix(key, n) / 4_294_967_296;

/** Standard normal (Box–Muller). */
export function gaussian(key: number, n: number): number {
  const u1 = uniform(key, 2 * n + 1) || 1e-12;
  const u2 = uniform(key ^ 0x68e31da4, 2 * n + 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

export interface Climate {
  kind: 'arid' | 'temperate';
  /** rain days per day at the wettest time of year and at the driest */
  rainChance: [wet: number, dry: number];
  /** mean rain of a storm, mm */
  stormMm: number;
  /** swing of air temperature, °C: through the year (half range) and through a day (half range) */
  seasonalSwing: number;
  dailySwing: number;
}

const CLIMATES: Record<string, Climate> = {
  // Atacama: a dry desert with rare winter fronts and a wide daily swing.
  arid: { kind: 'arid', rainChance: [0.05, 0.005], stormMm: 6, seasonalSwing: 4, dailySwing: 8 },
  // Yorkshire: rain on a third of the days, wetter in winter.
  temperate: { kind: 'temperate', rainChance: [0.45, 0.25], stormMm: 7, seasonalSwing: 6.5, dailySwing: 4 },
};

/** Climates of the demo projects by slug; other sites are temperate. */
export const climateOf = (slug: string): Climate => (slug === 'cerro-azul' ? CLIMATES.arid! : CLIMATES.temperate!);

export interface Site {
  key: number;
  climate: Climate;
  latitude: number;
  longitude: number;
}

interface Storm {
  start: number;
  end: number;
  mm: number;
}

/** +1 at the height of summer, −1 in midwinter (by hemisphere). */
export function season(site: Site, t: number): number {
  const day = t / DAY_MS;
  const warmest = site.latitude < 0 ? 15 : 198; // mid-January south, mid-July north (days after 1 January)
  const yearStart = Date.UTC(new Date(t).getUTCFullYear(), 0, 1) / DAY_MS;
  return Math.cos((2 * Math.PI * (day - yearStart - warmest)) / 365.25);
}

/** Local solar hour 0–24. */
const solarHour = (site: Site, t: number) => (((t / HOUR_MS + site.longitude / 15) % 24) + 24) % 24;

/** +1 in mid-afternoon, −1 before dawn. */
export const daily = (site: Site, t: number) => Math.cos((2 * Math.PI * (solarHour(site, t) - 15)) / 24);

/** 0 at night, 1 at solar noon. */
export const daylight = (site: Site, t: number) => Math.max(0, Math.sin((Math.PI * (solarHour(site, t) - 6)) / 12));

/** Weather systems passing through, −1…+1 over a few days. */
export function synoptic(site: Site, t: number): number {
  const phase = (site.key % 1000) / 159;
  return (
    0.6 * Math.sin((2 * Math.PI * t) / (5.3 * DAY_MS) + phase) +
    0.4 * Math.sin((2 * Math.PI * t) / (8.9 * DAY_MS) + 2 * phase)
  );
}

const NO_STORMS: Storm[] = [];
/** Storms by site, then by absolute day. */
const stormCache = new Map<number, Map<number, Storm[]>>();

/** The storms starting on absolute day `day` at a site (at most one a day). */
function stormsOfDay(site: Site, day: number): Storm[] {
  let days = stormCache.get(site.key);
  if (!days) stormCache.set(site.key, (days = new Map()));
  const cached = days.get(day);
  if (cached) return cached;
  const wetness = (1 - season(site, day * DAY_MS)) / 2; // winter is wetter at both sites
  const [wet, dry] = site.climate.rainChance;
  let storms = NO_STORMS;
  if (uniform(site.key, day) < dry + (wet - dry) * wetness) {
    const start = day * DAY_MS + uniform(site.key ^ 0x1f, day) * DAY_MS;
    const hours = 1 + 11 * uniform(site.key ^ 0x2f, day);
    const mm = Math.min(70, -site.climate.stormMm * Math.log(uniform(site.key ^ 0x3f, day) || 1e-9));
    storms = [{ start, end: start + hours * HOUR_MS, mm }];
  }
  if (days.size > 50_000) days.clear();
  days.set(day, storms);
  return storms;
}

function stormsBetween(site: Site, from: number, to: number): Storm[] {
  const out: Storm[] = [];
  for (let day = Math.floor(from / DAY_MS) - 1; day <= Math.floor(to / DAY_MS); day++) {
    for (const s of stormsOfDay(site, day)) if (s.end > from && s.start < to) out.push(s);
  }
  return out;
}

/** Rain in (from, to], mm: storms fall at an even rate. */
export function rainBetween(site: Site, from: number, to: number): number {
  let mm = 0;
  for (const s of stormsBetween(site, from, to)) {
    const overlap = Math.min(to, s.end) - Math.max(from, s.start);
    if (overlap > 0) mm += (s.mm * overlap) / (s.end - s.start);
  }
  return mm;
}

/**
 * How much recent rain has reached a depth: each storm's rain arrives `lagHours` after it, peaks
 * `riseHours` later and drains away over the next days (a gamma-shaped unit response), in mm.
 */
export function infiltration(site: Site, t: number, lagHours: number, riseHours: number): number {
  let total = 0;
  for (const s of stormsBetween(site, t - 12 * riseHours * HOUR_MS - lagHours * HOUR_MS, t)) {
    const x = (t - (s.start + s.end) / 2 - lagHours * HOUR_MS) / (riseHours * HOUR_MS);
    if (x > 0) total += s.mm * x * Math.exp(1 - x);
  }
  return total;
}

/** A saturating slow trend, 0 at TREND_ORIGIN: `perDay` at first, levelling off over a year. */
export function creep(t: number, perDay: number): number {
  const tau = 365;
  return perDay * tau * (1 - Math.exp(-(t - TREND_ORIGIN) / DAY_MS / tau));
}

/** An episode (outage, breach, spike) in each 30-day block with probability `chance`. */
export interface Episode {
  start: number;
  end: number;
  block: number;
}

export function episodeAt(key: number, t: number, chance: number, minHours: number, maxHours: number): Episode | null {
  const block = Math.floor(t / BLOCK_MS);
  if (uniform(key, block) >= chance) return null;
  const hours = minHours + (maxHours - minHours) * uniform(key ^ 0x5bd1e995, block);
  // the episode lies inside its block, so no other block needs looking at
  const start = block * BLOCK_MS + uniform(key ^ 0x27d4eb2d, block) * (BLOCK_MS - hours * HOUR_MS);
  const end = start + hours * HOUR_MS;
  return t >= start && t < end ? { start, end, block } : null;
}

/** 0 → 1 → 0 over an episode (sin²). */
export const hump = (e: Episode, t: number) => Math.sin((Math.PI * (t - e.start)) / (e.end - e.start)) ** 2;
