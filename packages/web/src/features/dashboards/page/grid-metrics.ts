/** The grid's row height and gap in px: the view (CSS grid) and the editor (react-grid-layout) share them. */
export const ROW_HEIGHT = 160;
export const GRID_GAP = 16;
