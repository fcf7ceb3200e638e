/**
 * A logger file in Campbell Scientific's TOA5 format, as LoggerNet writes it: four header lines (the
 * file and logger: format, station, model, serial, OS, program, signature, table; the field names;
 * their units; their processing), then rows of a quoted timestamp, the RECORD number and the values.
 */
export function toa5(
  station: string,
  fields: Array<{ name: string; unit: string; process: string }>,
  rows: Array<{ at: Date; values: Array<number | 'NAN'> }>,
) {
  const quote = (list: string[]) => list.map((v) => `"${v}"`).join(',');
  // LoggerNet writes the logger's wall clock without a zone: "2026-11-20 10:00:00".
  const stamp = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');
  const head = [
    quote(['TOA5', station, 'CR6', '12345', 'CR6.Std.12.01', `CPU:${station}.CR6`, '34567', 'Table1']),
    quote(['TIMESTAMP', 'RECORD', ...fields.map((f) => f.name)]),
    quote(['TS', 'RN', ...fields.map((f) => f.unit)]),
    quote(['', '', ...fields.map((f) => f.process)]),
  ];
  const body = rows.map((row, record) =>
    [`"${stamp(row.at)}"`, record, ...row.values.map((v) => (v === 'NAN' ? '"NAN"' : String(v)))].join(','),
  );
  return `${[...head, ...body].join('\r\n')}\r\n`;
}
