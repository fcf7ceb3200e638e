import { Navigate, useParams } from 'react-router';
import { ENTITY_PATHS, type EntityTypeName } from '../../api/registry.ts';
import { DeviceFormPage } from './device-form/device-form-page.tsx';
import { DevicesPage } from './devices/devices-page.tsx';
import { SchemeEditorPage } from './schemes/scheme-editor-page.tsx';
import { SchemesPage } from './schemes/schemes-page.tsx';

const KIND_OF_PATH = Object.fromEntries(Object.entries(ENTITY_PATHS).map(([kind, path]) => [path, kind])) as Record<
  string,
  EntityTypeName
>;

/**
 * `/devices` (module DeviceRegistry, issue 31): the devices table; `/devices/new/{kind}` and
 * `/devices/{instruments|interface-nodes|virtual-devices}/{id}` a device's form; `/devices/schemes`
 * the schemes, `/devices/schemes/new` and `/devices/schemes/{id}` a scheme's editor.
 */
export function DeviceRegistryRoute() {
  const [first, second] = (useParams()['*'] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  if (!first) return <DevicesPage />;
  if (first === 'schemes') {
    if (!second) return <SchemesPage />;
    return <SchemeEditorPage key={second} id={second === 'new' ? null : second} />;
  }
  if (first === 'new' && second && (Object.keys(ENTITY_PATHS) as string[]).includes(second))
    return <DeviceFormPage key={`new-${second}`} kind={second as EntityTypeName} id={null} />;
  const kind = KIND_OF_PATH[first];
  if (kind && second) return <DeviceFormPage key={second} kind={kind} id={second} />;
  return <Navigate to="/devices" replace />;
}
