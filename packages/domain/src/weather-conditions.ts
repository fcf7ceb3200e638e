import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';
import type { WeatherIcon } from './weather.ts';

/** Both English locales name the weather alike. */
const ENGLISH: Record<WeatherIcon, string> = {
  clear: 'Clear',
  'partly-cloudy': 'Partly cloudy',
  cloudy: 'Cloudy',
  fog: 'Fog',
  drizzle: 'Drizzle',
  rain: 'Rain',
  'heavy-rain': 'Heavy rain',
  snow: 'Snow',
  thunderstorm: 'Thunderstorm',
  windy: 'Windy',
  dry: 'No rain',
};

/** The weather service answers its titles in the caller's language: these are its words. */
const TITLES: Record<Locale, Record<WeatherIcon, string>> = {
  'en-US': ENGLISH,
  'en-GB': ENGLISH,
  'pt-BR': {
    clear: 'Céu limpo',
    'partly-cloudy': 'Parcialmente nublado',
    cloudy: 'Nublado',
    fog: 'Nevoeiro',
    drizzle: 'Garoa',
    rain: 'Chuva',
    'heavy-rain': 'Chuva forte',
    snow: 'Neve',
    thunderstorm: 'Trovoada',
    windy: 'Ventania',
    dry: 'Sem chuva',
  },
  ja: {
    clear: '晴れ',
    'partly-cloudy': '晴れ時々曇り',
    cloudy: '曇り',
    fog: '霧',
    drizzle: '霧雨',
    rain: '雨',
    'heavy-rain': '大雨',
    snow: '雪',
    thunderstorm: '雷雨',
    windy: '強風',
    dry: '降水なし',
  },
  es: {
    clear: 'Despejado',
    'partly-cloudy': 'Parcialmente nublado',
    cloudy: 'Nublado',
    fog: 'Niebla',
    drizzle: 'Llovizna',
    rain: 'Lluvia',
    'heavy-rain': 'Lluvia intensa',
    snow: 'Nieve',
    thunderstorm: 'Tormenta',
    windy: 'Ventoso',
    dry: 'Sin lluvia',
  },
  th: {
    clear: 'ท้องฟ้าแจ่มใส',
    'partly-cloudy': 'มีเมฆบางส่วน',
    cloudy: 'มีเมฆมาก',
    fog: 'หมอก',
    drizzle: 'ฝนปรอย',
    rain: 'ฝนตก',
    'heavy-rain': 'ฝนตกหนัก',
    snow: 'หิมะ',
    thunderstorm: 'พายุฝนฟ้าคะนอง',
    windy: 'ลมแรง',
    dry: 'ไม่มีฝน',
  },
  ru: {
    clear: 'Ясно',
    'partly-cloudy': 'Переменная облачность',
    cloudy: 'Облачно',
    fog: 'Туман',
    drizzle: 'Морось',
    rain: 'Дождь',
    'heavy-rain': 'Сильный дождь',
    snow: 'Снег',
    thunderstorm: 'Гроза',
    windy: 'Ветрено',
    dry: 'Без осадков',
  },
  af: {
    clear: 'Helder',
    'partly-cloudy': 'Gedeeltelik bewolk',
    cloudy: 'Bewolk',
    fog: 'Mis',
    drizzle: 'Motreën',
    rain: 'Reën',
    'heavy-rain': 'Swaar reën',
    snow: 'Sneeu',
    thunderstorm: 'Donderstorm',
    windy: 'Winderig',
    dry: 'Geen reën',
  },
};

/**
 * The nearest of the eight languages to a language code: exactly (any case, `_` or `-`), else by
 * its language alone (`pt` and `pt-PT` → pt-BR, `en-AU` → en-US), else en-US.
 */
export function weatherLocaleOf(lang: string): Locale {
  const wanted = lang.replaceAll('_', '-').toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === language) ?? DEFAULT_LOCALE;
}

/** A condition's title in the language nearest to `lang`. */
export const weatherTitle = (icon: WeatherIcon, lang: string): string => TITLES[weatherLocaleOf(lang)][icon];
