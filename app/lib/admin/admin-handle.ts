/** What an admin page declares in its route `handle` for the admin layout's error boundary. */
export interface AdminPageHandle {
  /** The page lists images: when its list fails to load, the specification's 'Something went wrong.' toast shows. */
  imageList?: true;
}

export function isImageListPage(handles: readonly unknown[]): boolean {
  return handles.some(
    (handle) => typeof handle === 'object' && handle !== null && (handle as AdminPageHandle).imageList === true,
  );
}
