const MB = 1024 * 1024;

/** '15 MB', '1.5 MB': upload limits are configured in MiB, so the number the admin configured is shown. */
export const formatMegabytes = (bytes: number): string => `${Number((bytes / MB).toFixed(1))} MB`;

/** A file's size as people read it: '640 KB' below a megabyte, '2.4 MB' above. */
export const formatFileSize = (bytes: number): string =>
  bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : formatMegabytes(bytes);
