import { Navigate, useParams } from 'react-router';
import { ReportsPage } from './reports-page.tsx';
import { TemplateBuilderPage } from './templates/template-builder-page.tsx';

/**
 * `/reports` (module Reports, issue 39): the project's reports and their templates;
 * `/reports/templates/new` and `/reports/templates/{id}` a template's builder.
 */
export function ReportsRoute() {
  const [first, second] = (useParams()['*'] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  if (!first) return <ReportsPage />;
  if (first === 'templates' && second)
    return <TemplateBuilderPage key={second} id={second === 'new' ? null : second} />;
  return <Navigate to="/reports" replace />;
}
