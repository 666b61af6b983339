import { ToastContainer } from 'react-toastify';
import { TIMINGS } from '#common/limits.ts';

/** Toasts as the specification shows them: top-right, dark, 5 s, drag-to-dismiss at 80 %. */
export function Toaster() {
  return (
    <ToastContainer
      position="top-right"
      theme="dark"
      autoClose={TIMINGS.toastAutoCloseMs}
      draggablePercent={TIMINGS.toastDragPercent}
    />
  );
}
