import { Alert, AlertTitle, Typography } from '@mui/material';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FileDrop } from '../../../components/file-drop/file-drop.tsx';
import type { ProfileFormValues } from '../model/profile-form.ts';
import { rowsWithHeader } from '../model/profile-form.ts';
import { guessFormat, readSampleLines, sampleOf, samplesOf, type FileSample } from '../model/sample-file.ts';

export type Sample = ReturnType<typeof useSample>;

/**
 * A sample file of the logger: its first lines read in the browser (never the whole file), its
 * columns put into the form's mapping, read again when the format or delimiter changes. A new
 * profile takes the format the file shows, and a TOA5 file's station and table as its name.
 */
export function useSample(form: UseFormReturn<ProfileFormValues>, isNew: boolean) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [lines, setLines] = useState<string[] | null>(null);
  const [sample, setSample] = useState<FileSample | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (read: string[]) => {
    const { format, delimiter, timestamp_column, columns } = form.getValues();
    const found = sampleOf(read, format, delimiter);
    if ('problem' in found) {
      setSample(null);
      setProblem(found.problem);
      return;
    }
    setProblem(null);
    setSample(found);
    const { header } = found;
    let timestampColumn = timestamp_column;
    if (format === 'csv' && !header.columns.includes(timestampColumn)) {
      timestampColumn = header.columns[0]!;
      form.setValue('timestamp_column', timestampColumn);
    }
    form.setValue('columns', rowsWithHeader(columns, header, format, timestampColumn));
  };

  const choose = async (file: File) => {
    const read = await readSampleLines(file);
    setFileName(file.name);
    setLines(read);
    if (isNew && read[0] !== undefined) {
      const guessed = guessFormat(read[0]);
      form.setValue('format', guessed.format);
      form.setValue('delimiter', guessed.delimiter);
    }
    apply(read);
    const environment = sampleOf(read, 'toa5', ',');
    if (isNew && !form.getValues('name') && !('problem' in environment)) {
      const [, station, , , , , , table] = environment.header.environment;
      if (station) form.setValue('name', [station, table].filter(Boolean).join(' '));
    }
  };

  const valuesByColumn = new Map(sample?.header.columns.map((column, index) => [column, samplesOf(sample, index)]));
  return {
    fileName,
    sample,
    problem,
    headerColumns: sample?.header.columns ?? null,
    valuesByColumn,
    choose,
    readAgain: () => lines && apply(lines),
  };
}

/** The sample's drop frame, what the file says of its logger, or why it cannot be read. */
export function SampleFile({ sample }: { sample: Sample }) {
  const { t } = useTranslation('dataImport');
  const environment = sample.sample?.header.environment ?? [];
  return (
    <>
      <FileDrop
        label={t('profile.sampleLabel')}
        title={sample.fileName ?? t('profile.sampleDrop')}
        hint={sample.fileName ? t('profile.sampleAnother') : t('profile.sampleDropHint')}
        browse={t('import.browse')}
        refused={t('import.refused')}
        onFiles={([file]) => file && void sample.choose(file)}
      />
      {sample.problem && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          <AlertTitle>{t('profile.sampleProblem')}</AlertTitle>
          {sample.problem}
        </Alert>
      )}
      {sample.sample && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
          {environment.length
            ? t('profile.sampleToa5', {
                station: environment[1] ?? '',
                logger: environment[2] ?? '',
                table: environment[7] ?? '',
                columns: sample.sample.header.columns.length,
              })
            : t('profile.sampleCsv', { columns: sample.sample.header.columns.length })}
        </Typography>
      )}
    </>
  );
}
