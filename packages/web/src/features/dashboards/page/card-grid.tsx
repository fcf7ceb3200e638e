import { Box } from '@mui/material';
import { GRID_COLUMNS, readingOrder, type DashboardCard as Card, type DashboardCardType } from '@vigil/domain';
import { DashboardCard } from '../cards/dashboard-card.tsx';
import { GRID_GAP, ROW_HEIGHT } from './grid-metrics.ts';

/** Cards that are tables: on a phone they shrink to their rows. */
const TABLE_CARDS = new Set<DashboardCardType>(['device-table', 'aggregation-table', 'rate-of-change']);
/** Cards whose every line matters (the weather's source and time): on a phone, as tall as their content. */
const CONTENT_CARDS = new Set<DashboardCardType>(['weather']);
/** Cards that need more room on a phone than their rows give: a side-section's toolbar, drawing and legend stack up. */
const PHONE_MIN_HEIGHT: Partial<Record<DashboardCardType, number>> = { 'cross-section': 640 };

/**
 * A page's cards as they are laid out: 16 columns from tablet width up; one column on a phone, in
 * reading order (top to bottom, left to right), each card keeping its height.
 */
export function CardGrid({ cards }: { cards: readonly Card[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))` },
        gridAutoRows: { xs: 'auto', sm: `${ROW_HEIGHT}px` },
        gap: `${GRID_GAP}px`,
      }}
    >
      {readingOrder(cards).map((card) => {
        const height = Math.max(
          card.layout.h * ROW_HEIGHT + (card.layout.h - 1) * GRID_GAP,
          PHONE_MIN_HEIGHT[card.type] ?? 0,
        );
        return (
          <Box
            key={card.id}
            sx={{
              minWidth: 0,
              gridColumn: { xs: '1', sm: `${card.layout.x + 1} / span ${card.layout.w}` },
              gridRow: { xs: 'auto', sm: `${card.layout.y + 1} / span ${card.layout.h}` },
              // On a phone a table is as tall as its rows, up to its height on the grid.
              height: { xs: TABLE_CARDS.has(card.type) || CONTENT_CARDS.has(card.type) ? 'auto' : height, sm: 'auto' },
              maxHeight: { xs: CONTENT_CARDS.has(card.type) ? 'none' : height, sm: 'none' },
            }}
          >
            <DashboardCard card={card} />
          </Box>
        );
      })}
    </Box>
  );
}
