import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { GRID_COLUMNS, type DashboardCard as Card } from '@vigil/domain';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { useTranslation } from 'react-i18next';
import { DashboardCard } from '../cards/dashboard-card.tsx';
import { GRID_GAP, ROW_HEIGHT } from '../page/grid-metrics.ts';
import { AddCardDialog } from './add-card-dialog.tsx';

const HANDLE = 'vigil-card-handle';

/**
 * The grid of a page being edited (react-grid-layout, a chunk of its own): cards move by their
 * handle and resize from their corner within the 16 columns; the trash removes one.
 */
export function DashboardEditor({
  cards,
  onChange,
  adding,
  onAdded,
}: {
  cards: Card[];
  onChange(cards: Card[]): void;
  adding: boolean;
  onAdded(): void;
}) {
  const { t } = useTranslation('dashboards');
  const { width, containerRef, mounted } = useContainerWidth();
  const layout: Layout = cards.map((c) => ({ i: c.id, ...c.layout }));
  const applyLayout = (next: Layout) => {
    const byId = new Map(next.map((item) => [item.i, item]));
    const changed = cards.map((card) => {
      const item = byId.get(card.id);
      return item ? { ...card, layout: { x: item.x, y: item.y, w: item.w, h: item.h } } : card;
    });
    if (changed.some((c, i) => JSON.stringify(c.layout) !== JSON.stringify(cards[i]!.layout))) onChange(changed);
  };
  return (
    <Box ref={containerRef} sx={{ mx: `-${GRID_GAP}px` }}>
      {mounted && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{
            cols: GRID_COLUMNS,
            rowHeight: ROW_HEIGHT,
            margin: [GRID_GAP, GRID_GAP],
            containerPadding: [GRID_GAP, 0],
          }}
          dragConfig={{ enabled: true, handle: `.${HANDLE}` }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          compactor={verticalCompactor}
          onLayoutChange={applyLayout}
        >
          {cards.map((card) => (
            <Paper
              key={card.id}
              variant="outlined"
              sx={{
                display: 'flex',
                flexDirection: 'column',
                overflow: 'hidden',
                outline: '2px dashed',
                outlineColor: 'primary.light',
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 0.5, bgcolor: 'action.hover' }}>
                <Box
                  className={HANDLE}
                  role="button"
                  aria-label={t('editor.moveCard', { title: card.title || t(`cardTypes.${card.type}`) })}
                  sx={{ cursor: 'move', display: 'flex', alignItems: 'center', flex: 1, minWidth: 0, py: 0.25 }}
                >
                  <DragIndicator fontSize="small" />
                  <Typography variant="caption" noWrap>
                    {card.title || t(`cardTypes.${card.type}`)}
                  </Typography>
                </Box>
                <Tooltip title={t('editor.removeCard')}>
                  <IconButton
                    size="small"
                    aria-label={t('editor.removeCardNamed', { title: card.title || t(`cardTypes.${card.type}`) })}
                    onClick={() => onChange(cards.filter((c) => c.id !== card.id))}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
              <Box sx={{ flex: 1, minHeight: 0, pointerEvents: 'none' }}>
                <DashboardCard card={card} />
              </Box>
            </Paper>
          ))}
        </ReactGridLayout>
      )}
      {adding && (
        <AddCardDialog
          cards={cards}
          onClose={onAdded}
          onAdd={(card) => {
            onChange([...cards, card]);
            onAdded();
          }}
        />
      )}
    </Box>
  );
}
