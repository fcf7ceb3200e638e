import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { useDropzone, type Accept } from 'react-dropzone';

interface FileDropProps {
  /** the file input's accessible name */
  label: string;
  /** the frame's words: what to drop, or the file chosen */
  title: string;
  hint: string;
  browse: string;
  /** said when a file is refused (type or size) */
  refused: string;
  onFiles(files: File[]): void;
  accept?: Accept;
  multiple?: boolean;
  maxSize?: number;
  disabled?: boolean;
}

/** A frame to drop files on or click to browse for them; refused files are said, not passed on. */
export function FileDrop({
  label,
  title,
  hint,
  browse,
  refused,
  onFiles,
  accept,
  multiple,
  maxSize,
  disabled,
}: FileDropProps) {
  const [wasRefused, setRefused] = useState(false);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    multiple: Boolean(multiple),
    maxSize,
    disabled,
    onDropAccepted: (files) => {
      setRefused(false);
      if (files.length) onFiles(files);
    },
    onDropRejected: () => setRefused(true),
  });
  return (
    <>
      <Box
        {...getRootProps()}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: { xs: 2, sm: 3 },
          textAlign: 'center',
          cursor: disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          bgcolor: isDragActive ? 'action.hover' : undefined,
          overflowWrap: 'anywhere',
        }}
      >
        <input {...getInputProps()} aria-label={label} />
        <UploadFileOutlined color="action" sx={{ fontSize: 36 }} aria-hidden />
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
        {!disabled && (
          <Link component="span" variant="body2" underline="always">
            {browse}
          </Link>
        )}
      </Box>
      {wasRefused && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {refused}
        </Alert>
      )}
    </>
  );
}
