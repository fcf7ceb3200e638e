import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { IconButton, Tooltip } from '@mui/material';

/** The editor's remove action of one row (a polygon, a point, a sensor, a label): its tooltip, and a name saying which. */
export function RemoveButton({
  title,
  label,
  onClick,
  edge,
}: {
  title: string;
  label: string;
  onClick(): void;
  edge?: 'end';
}) {
  return (
    <Tooltip title={title}>
      <IconButton edge={edge} size="small" aria-label={label} onClick={onClick}>
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
