import type { GeoBounds, LatLng, SiteMap, TopoImage } from '@vigil/domain';
import L from 'leaflet';
import { useMemo } from 'react';
import { Marker, useMapEvents } from 'react-leaflet';
import { SectionLineLayer, SectionPane } from '../../../components/cross-section/section-line-layer.tsx';
import { TopoImageLayer } from '../../../components/cross-section/topo-image-layer.tsx';
import type { MapMarker } from '../../../components/map/map-marker.ts';
import { VigilMap } from '../../../components/map/vigil-map.tsx';

export type LineEnd = 'x0' | 'xMax';

export interface LineMapProps {
  x0: LatLng | null;
  xMax: LatLng | null;
  distance: number;
  unit: string;
  name: string;
  markers: readonly MapMarker[];
  siteMap: SiteMap | null | undefined;
  topoImage: TopoImage | null;
  bounds: GeoBounds | null;
  /** the end the next click on the map puts down; null: clicks do nothing */
  placing: LineEnd | null;
  onEnd: (end: LineEnd, at: LatLng) => void;
  endLabel: (end: LineEnd) => string;
  ariaLabel: string;
}

const round = (n: number) => Number(n.toFixed(7));
const endIcon = (text: string) =>
  L.divIcon({
    html:
      `<span aria-hidden="true" style="display:flex;align-items:center;justify-content:center;width:100%;height:100%;` +
      `background:#d81b60;color:#fff;border:2px solid #fff;border-radius:10px;font:600 11px sans-serif;` +
      `box-shadow:0 1px 3px rgb(0 0 0 / 45%);cursor:grab">${text}</span>`,
    className: 'vigil-line-end',
    iconSize: [40, 20],
    iconAnchor: [20, 10],
  });

/** The section line on the app's map: its ends dragged, or put down by a click, with the chainage along it. */
export function LineMap(props: LineMapProps) {
  const { x0, xMax, placing, onEnd } = props;
  return (
    <VigilMap
      markers={props.markers}
      siteMap={props.siteMap}
      zoom={18}
      cluster={false}
      initialBounds={props.bounds}
      height={420}
      ariaLabel={props.ariaLabel}
    >
      <TopoImageLayer image={props.topoImage} />
      <Placing placing={placing} onEnd={onEnd} />
      {x0 && xMax && (
        <SectionPane>
          <SectionLineLayer x0={x0} xMax={xMax} distance={props.distance} unit={props.unit} name={props.name} />
        </SectionPane>
      )}
      {x0 && <EndMarker end="x0" at={x0} onEnd={onEnd} label={props.endLabel('x0')} />}
      {xMax && <EndMarker end="xMax" at={xMax} onEnd={onEnd} label={props.endLabel('xMax')} />}
    </VigilMap>
  );
}

function Placing({ placing, onEnd }: { placing: LineEnd | null; onEnd: LineMapProps['onEnd'] }) {
  const map = useMapEvents({
    click: (event) => placing && onEnd(placing, { lat: round(event.latlng.lat), lng: round(event.latlng.lng) }),
  });
  map.getContainer().style.cursor = placing ? 'crosshair' : '';
  return null;
}

function EndMarker({
  end,
  at,
  onEnd,
  label,
}: {
  end: LineEnd;
  at: LatLng;
  onEnd: LineMapProps['onEnd'];
  label: string;
}) {
  const icon = useMemo(() => endIcon(end), [end]);
  return (
    <Marker
      position={[at.lat, at.lng]}
      draggable
      icon={icon}
      title={label}
      alt={label}
      eventHandlers={{
        add: (event) => (event.target as L.Marker).getElement()?.setAttribute('aria-label', label),
        dragend: (event) => {
          const moved = (event.target as L.Marker).getLatLng();
          onEnd(end, { lat: round(moved.lat), lng: round(moved.lng) });
        },
      }}
    />
  );
}
