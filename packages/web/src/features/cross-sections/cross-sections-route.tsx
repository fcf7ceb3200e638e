import { useParams } from 'react-router';
import { SectionEditorPage } from './editor/section-editor-page.tsx';
import { SectionListPage } from './list/section-list-page.tsx';
import { SectionViewPage } from './view/section-view-page.tsx';

/**
 * `/cross-sections` (requirements#shell-screens, module Data/GeoJsonEditor): the project's sections; `/{id}` one
 * section's side and aerial views; `/{id}/edit` its editor (administrators and managers).
 */
export function CrossSectionsRoute() {
  const [id, action] = (useParams()['*'] ?? '').split('/').filter(Boolean);
  if (!id) return <SectionListPage />;
  const sectionId = decodeURIComponent(id);
  if (action === 'edit') return <SectionEditorPage key={sectionId} id={sectionId} />;
  return <SectionViewPage key={sectionId} id={sectionId} />;
}
