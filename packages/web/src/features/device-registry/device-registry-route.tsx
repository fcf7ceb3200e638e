import { LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { ENTITY_PATHS, type EntityTypeName } from '../../api/registry.ts';
import { DevicesPage } from './devices/devices-page.tsx';

// The table opens with the route; the forms and editors (and zod, their checks) load when opened.
const DeviceFormPage = lazy(async () => ({
  default: (await import('./device-form/device-form-page.tsx')).DeviceFormPage,
}));
const SchemeEditorPage = lazy(async () => ({
  default: (await import('./schemes/scheme-editor-page.tsx')).SchemeEditorPage,
}));
const SchemesPage = lazy(async () => ({ default: (await import('./schemes/schemes-page.tsx')).SchemesPage }));

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
  return (
    <Suspense fallback={<LinearProgress />}>
      <RegistryPage />
    </Suspense>
  );
}

function RegistryPage() {
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
