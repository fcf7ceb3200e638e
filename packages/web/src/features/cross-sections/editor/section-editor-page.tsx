import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Card,
  Chip,
  LinearProgress,
  Link,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { CrossSection, LatLng } from '@vigil/domain';
import type { TFunction } from 'i18next';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { crossSectionQuery } from '../../../api/cross-sections.ts';
import { devicesByIdQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { sensorMarkers } from '../../../components/cross-section/section-markers.ts';
import { crossSectionPath } from '../../../components/cross-section/section-paths.ts';
import { SideView } from '../../../components/cross-section/side-view.tsx';
import { SENSOR_DEVICE_FIELDS } from '../../../components/cross-section/use-side-view-data.ts';
import { openDiagram, roundedPoint, verticesOf, withVertices } from '../model/diagram-edits.ts';
import { changeProblems, sectionChanges, WRITABLE_FIELDS, type SectionDraft } from '../model/section-changes.ts';
import { effectiveLocation } from '../model/sensor-edits.ts';
import { useSectionAccess } from '../model/use-section-access.ts';
import { useSectionMutations } from '../model/use-section-mutations.ts';
import { HistoryDialog } from '../view/history-dialog.tsx';
import { DiagramEditor } from './diagram-editor.tsx';
import { GeneralFields } from './general-fields.tsx';
import { ImagesEditor } from './images-editor.tsx';
import { LabelsEditor } from './labels-editor.tsx';
import { LineEditor } from './line-editor.tsx';
import { SensorsEditor } from './sensors-editor.tsx';

const TABS = ['section', 'diagram', 'sensors', 'line', 'tracing', 'labels'] as const;
type EditorTab = (typeof TABS)[number];

/** `/cross-sections/{id}/edit`: administrators and managers only; others are sent to the section. */
export function SectionEditorPage({ id }: { id: string }) {
  const { t } = useTranslation('crossSections');
  const { project } = useSession();
  const { canEdit } = useSectionAccess();
  const section = useQuery(crossSectionQuery(project.id, id));
  if (!canEdit)
    return (
      <Alert
        severity="info"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" component={RouterLink} to={crossSectionPath(id)}>
            {t('editor.toSection')}
          </Button>
        }
      >
        {t('editor.readOnly')}
      </Alert>
    );
  if (section.isError)
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {section.error instanceof ApiError && section.error.isNotFound ? t('view.notFound') : t('view.loadError')}
      </Alert>
    );
  if (!section.data) return <LinearProgress aria-label={t('loading')} />;
  // A saved section is a new starting point: the editor starts again from it.
  return <SectionEditor key={section.data.modified_at} section={section.data} />;
}

const draftOf = (section: CrossSection): SectionDraft => {
  const draft = Object.fromEntries(WRITABLE_FIELDS.map((field) => [field, section[field]])) as SectionDraft;
  return { ...draft, diagram: openDiagram(section.diagram) };
};

function SectionEditor({ section }: { section: CrossSection }) {
  const { t } = useTranslation(['crossSections', 'common']);
  const { project } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const { patch } = useSectionMutations();
  const [params, setParams] = useSearchParams();
  const tab: EditorTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as EditorTab)
    : 'section';
  const original = useMemo(
    () => Object.fromEntries(WRITABLE_FIELDS.map((f) => [f, section[f]])) as SectionDraft,
    [section],
  );
  const [draft, setDraft] = useState<SectionDraft>(() => draftOf(section));
  const [polygon, setPolygon] = useState<number | null>(null);
  const [clicking, setClicking] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const change = (next: Partial<SectionDraft>) => setDraft((d) => ({ ...d, ...next }));

  const ids = useMemo(() => [...new Set(draft.sensors.map((s) => s.device_id))].sort(), [draft.sensors]);
  const devices = useQuery(devicesByIdQuery(ids, SENSOR_DEVICE_FIELDS));
  const deviceLocations = useMemo(() => {
    const map = new Map<string, LatLng>();
    for (const d of devices.data ?? []) {
      const point = d.location?.coordinates;
      if (d.id && point) map.set(d.id, { lat: point[1], lng: point[0] });
    }
    return map;
  }, [devices.data]);
  // The preview draws the draft, its sensors where they will be once saved.
  const preview = useMemo<CrossSection>(
    () => ({
      ...section,
      ...draft,
      sensors: draft.sensors.map((s) => ({ ...s, location: effectiveLocation(s, deviceLocations) })),
    }),
    [section, draft, deviceLocations],
  );
  const markers = useMemo(() => sensorMarkers(preview.sensors, devices.data), [preview.sensors, devices.data]);

  const changes = sectionChanges(original, draft);
  const changed = Object.keys(changes).length > 0;
  const problems = changed ? changeProblems(changes) : {};
  const invalid = Object.keys(problems).length > 0;
  const serverProblems = patch.error instanceof ApiError ? patch.error.details : undefined;
  // Awaited rather than a callback of mutate: the saved section remounts this editor, whose
  // callbacks would then never run.
  const save = async () => {
    const saved = await patch.mutateAsync({ id: section.id, changes }).catch(() => null);
    if (saved) enqueueSnackbar(t('editor.saved', { name: saved.name }), { variant: 'success' });
  };
  const addPoint = (x: number, altitude: number) => {
    if (polygon === null || !draft.diagram.features[polygon]) return;
    const vertices = verticesOf(draft.diagram.features[polygon]);
    change({ diagram: withVertices(draft.diagram, polygon, [...vertices, roundedPoint(x, altitude)]) });
  };

  return (
    <Box sx={{ px: { xs: 0, sm: 1 }, py: { xs: 1, sm: 2 }, maxWidth: 1400, mx: 'auto' }}>
      <Breadcrumbs aria-label={t('view.breadcrumbs')} sx={{ fontSize: 13 }}>
        <Link component={RouterLink} to={crossSectionPath()} underline="hover" color="inherit">
          {t('page.title')}
        </Link>
        <Link component={RouterLink} to={crossSectionPath(section.id)} underline="hover" color="inherit">
          {section.name}
        </Link>
        <Typography variant="caption" color="text.secondary">
          {t('editor.crumb')}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, flex: 1, minWidth: 200 }}>
          {t('editor.title', { name: draft.name || section.name })}
        </Typography>
        {changed && <Chip size="small" color="warning" label={t('editor.unsaved')} />}
        <Button startIcon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
          {t('history.open')}
        </Button>
        <Button disabled={!changed || patch.isPending} onClick={() => setDraft(draftOf(section))}>
          {t('common:actions.discard')}
        </Button>
        <Button
          variant="contained"
          disabled={!changed || invalid}
          loading={patch.isPending}
          onClick={() => void save()}
        >
          {t('common:actions.save')}
        </Button>
      </Box>
      {(invalid || patch.isError) && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {patch.isError && !invalid ? t('editor.saveFailed') : t('editor.invalid')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {Object.entries(invalid ? problems : (serverProblems ?? {})).map(([path, messages]) => (
              <li key={path}>{problemText(path, messages, t)}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Card variant="outlined" component="section" aria-label={t('editor.preview')} sx={{ p: 1.5, mb: 2 }}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
          {t('editor.preview')}
          {clicking && polygon !== null && tab === 'diagram' && (
            <Typography component="span" variant="caption" color="primary" sx={{ ml: 1 }}>
              {t('diagram.clickHint')}
            </Typography>
          )}
        </Typography>
        <SideView
          section={preview}
          projectId={project.id}
          height={360}
          highlight={tab === 'diagram' ? polygon : null}
          onPlaneClick={clicking && polygon !== null && tab === 'diagram' ? addPoint : undefined}
        />
      </Card>
      <Card variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Tabs
          value={tab}
          onChange={(_, value: EditorTab) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('tab', value);
                return next;
              },
              { replace: true },
            )
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('editor.tabs')}
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((name) => (
            <Tab key={name} value={name} label={t(`editor.tab.${name}`)} />
          ))}
        </Tabs>
        <Box role="tabpanel" aria-label={t(`editor.tab.${tab}`)}>
          {tab === 'section' && <GeneralFields draft={draft} onChange={change} />}
          {tab === 'diagram' && (
            <DiagramEditor
              diagram={draft.diagram}
              onChange={(diagram) => change({ diagram })}
              selected={polygon}
              onSelect={setPolygon}
              clicking={clicking}
              onClicking={setClicking}
            />
          )}
          {tab === 'sensors' && (
            <SensorsEditor
              draft={draft}
              onSensors={(sensors) => change({ sensors })}
              deviceLocations={deviceLocations}
            />
          )}
          {tab === 'line' && <LineEditor draft={draft} onChange={change} markers={markers} />}
          {tab === 'tracing' && (
            <ImagesEditor tracing={draft.tracing_image} onTracing={(tracing_image) => change({ tracing_image })} />
          )}
          {tab === 'labels' && (
            <LabelsEditor
              labels={draft.labels}
              onLabels={(labels) => change({ labels })}
              centre={[draft.distance / 2, (draft.altitude_min + draft.altitude_max) / 2]}
            />
          )}
        </Box>
      </Card>
      <HistoryDialog open={historyOpen} section={section} onClose={() => setHistoryOpen(false)} />
    </Box>
  );
}

/** A problem with a field, in the interface language where the editor knows it: a polygon, a sensor, a label by number. */
function problemText(path: string, messages: string[], t: TFunction<['crossSections', 'common']>): string {
  const [field, kind, index] = path.split('.');
  if (field === 'diagram' && kind === 'features' && index !== undefined)
    return t('editor.polygonProblem', { n: Number(index) + 1 });
  const name = t(`fieldNames.${field}`, { defaultValue: field });
  const where = kind !== undefined && /^\d+$/.test(kind) ? ` ${Number(kind) + 1}` : '';
  return `${name}${where}: ${messages.join('; ')}`;
}
