import { useEffect } from 'react';
import { toast } from 'react-toastify';

export const LIST_FAILED = 'Something went wrong.';

/** A list that could not be loaded: the specification's toast, and the same words where the list would be. */
export function ListLoadFailed() {
  useEffect(() => {
    toast.error(LIST_FAILED, { toastId: 'list-load-failed' });
  }, []);
  return (
    <p className="load-error" role="alert">
      {LIST_FAILED}
    </p>
  );
}
