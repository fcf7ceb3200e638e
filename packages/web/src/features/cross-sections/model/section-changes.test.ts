import type { CrossSection } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { openDiagram } from './diagram-edits.ts';
import { changeProblems, hasChanges, sectionChanges, WRITABLE_FIELDS, type SectionDraft } from './section-changes.ts';

const section: SectionDraft = {
  name: 'Section A',
  description: '',
  sections: [],
  sensors: [
    {
      id: 'PZ-01',
      device_id: 'd1',
      title: 'PZ-01',
      location: { lat: -27.37, lng: -70.33 },
      metric_type: 'calculated_metrics',
      metric_field: 'piezometric_level',
      exclude_metric: false,
    },
  ],
  altitude_min: 1115,
  altitude_max: 1190,
  altitude_unit: 'm',
  distance: 280,
  distance_unit: 'm',
  diagram: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { category: 'Ground', name: 'Foundation' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 1130],
              [280, 1126],
              [280, 1115],
              [0, 1115],
              [0, 1130],
            ],
          ],
        },
      },
    ],
  },
  labels: [],
  x0_location: { lat: -27.37, lng: -70.33 },
  x_max_location: { lat: -27.37, lng: -70.327 },
  tracing_image: null,
  topo_image: null,
};
// The editor holds the diagram's rings open.
const draft = (patch: Partial<SectionDraft> = {}): SectionDraft => ({
  ...section,
  diagram: openDiagram(section.diagram),
  ...patch,
});

describe('sectionChanges', () => {
  it('sends nothing when nothing changed, the open rings aside', () => {
    expect(sectionChanges(section, draft())).toEqual({});
    expect(hasChanges(section, draft())).toBe(false);
  });

  it('sends only the fields that changed (PATCH)', () => {
    expect(sectionChanges(section, draft({ distance: 300, altitude_unit: 'm AOD' }))).toEqual({
      distance: 300,
      altitude_unit: 'm AOD',
    });
  });

  it('sends the whole sensor list when one sensor changed, and the diagram with its rings closed', () => {
    const sensors = [{ ...section.sensors[0]!, exclude_metric: true }];
    const moved = openDiagram(section.diagram);
    moved.features[0]!.geometry.coordinates[0]![1] = [280, 1127];
    const changes = sectionChanges(section, draft({ sensors, diagram: moved }));
    expect(Object.keys(changes).sort()).toEqual(['diagram', 'sensors']);
    expect(changes.sensors).toEqual(sensors);
    const ring = changes.diagram!.features[0]!.geometry.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
  });

  it('ignores the order of an object’s keys', () => {
    const reordered = { lng: -70.33, lat: -27.37 };
    expect(sectionChanges(section, draft({ x0_location: reordered }))).toEqual({});
  });

  it('writes every field of a section but its id and its record of changes', () => {
    const keys: Array<keyof CrossSection> = ['id', 'created_at', 'created_by', 'modified_at', 'modified_by'];
    expect(WRITABLE_FIELDS.some((f) => (keys as string[]).includes(f))).toBe(false);
    expect(WRITABLE_FIELDS).toHaveLength(15);
  });
});

describe('changeProblems', () => {
  it('finds what the server would refuse, by field path, before sending', () => {
    expect(changeProblems({ distance: 300 })).toEqual({});
    const problems = changeProblems({ name: '  ', distance: -1 });
    expect(Object.keys(problems).sort()).toEqual(['distance', 'name']);
  });

  it('refuses a polygon of fewer than three points', () => {
    const diagram = openDiagram(section.diagram);
    diagram.features[0]!.geometry.coordinates[0] = [
      [0, 1],
      [1, 1],
    ];
    const changes = sectionChanges(section, draft({ diagram }));
    expect(Object.keys(changeProblems(changes))[0]).toMatch(/^diagram\.features\.0\.geometry/);
  });
});
