import { Navigate, useParams } from 'react-router';
import { DataImportPage } from './data-import-page.tsx';
import { ProfileEditorPage } from './profiles/profile-editor-page.tsx';

/**
 * `/data-import` (module DataImport, issue 32): logger files imported, profiles and past imports;
 * `/data-import/profiles/new` and `/data-import/profiles/{id}` a profile's editor.
 */
export function DataImportRoute() {
  const [first, second] = (useParams()['*'] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  if (!first) return <DataImportPage />;
  if (first === 'profiles' && second) return <ProfileEditorPage key={second} id={second === 'new' ? null : second} />;
  return <Navigate to="/data-import" replace />;
}
