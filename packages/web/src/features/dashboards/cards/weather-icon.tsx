import AcUnit from '@mui/icons-material/AcUnit';
import Air from '@mui/icons-material/Air';
import Cloud from '@mui/icons-material/Cloud';
import FilterDrama from '@mui/icons-material/FilterDrama';
import Foggy from '@mui/icons-material/Foggy';
import Grain from '@mui/icons-material/Grain';
import Thermostat from '@mui/icons-material/Thermostat';
import Thunderstorm from '@mui/icons-material/Thunderstorm';
import Umbrella from '@mui/icons-material/Umbrella';
import WaterDrop from '@mui/icons-material/WaterDrop';
import WbSunny from '@mui/icons-material/WbSunny';
import type { SvgIconProps } from '@mui/material';
import type { WeatherIcon as Icon } from '@vigil/domain';
import type { ComponentType } from 'react';

/** Each condition's picture, bundled with the app (no icon server) and tinted as a forecast would be. */
const ICONS: Record<Icon, { Svg: ComponentType<SvgIconProps>; colour: string }> = {
  clear: { Svg: WbSunny, colour: '#f5a623' },
  'partly-cloudy': { Svg: FilterDrama, colour: '#7b8ea3' },
  cloudy: { Svg: Cloud, colour: '#90a4ae' },
  fog: { Svg: Foggy, colour: '#90a4ae' },
  drizzle: { Svg: Grain, colour: '#4a90e2' },
  rain: { Svg: WaterDrop, colour: '#2f6fc4' },
  'heavy-rain': { Svg: Umbrella, colour: '#1f4e99' },
  snow: { Svg: AcUnit, colour: '#5fa8d3' },
  thunderstorm: { Svg: Thunderstorm, colour: '#6a4fb3' },
  windy: { Svg: Air, colour: '#607d8b' },
  // A station sees no sky: only its thermometer speaks.
  dry: { Svg: Thermostat, colour: '#e07b39' },
};

/** The picture of a condition; decorative, since its title is written beside it. */
export function WeatherIcon({ icon, size }: { icon: Icon; size: number }) {
  const { Svg, colour } = ICONS[icon];
  return <Svg aria-hidden sx={{ fontSize: size, color: colour, flexShrink: 0 }} />;
}
