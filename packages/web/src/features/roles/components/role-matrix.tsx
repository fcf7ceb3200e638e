import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { RoleObject } from '@vigil/domain';
import type { ReactNode } from 'react';
import { BusyCheckbox } from './busy-checkbox.tsx';
import { RoleColumnHeader } from './role-column-header.tsx';

/** A table with a column per role: the heading row (what the rows are, then the roles), then `children` as rows. */
export function RoleMatrix({
  label,
  rowHeading,
  roles,
  children,
}: {
  label: string;
  /** what each row is, e.g. "Module" */
  rowHeading: string;
  roles: RoleObject[];
  children: ReactNode;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ verticalAlign: 'bottom', pl: { xs: 1, sm: 2 } }}>{rowHeading}</TableCell>
            {roles.map((role) => (
              <RoleColumnHeader key={role.id} role={role} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** A tick of a role matrix, named for its row and role; it spins while its change is saved. */
export function MatrixTick({
  label,
  checked,
  busy,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  busy: boolean;
  /** while another change of its row is saved */
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <TableCell align="center" padding="checkbox" sx={{ px: { xs: 0, sm: 2 } }}>
      <BusyCheckbox
        checked={checked}
        busy={busy}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    </TableCell>
  );
}
