import { FileUp } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { cn } from '@/lib/utils';

export interface FileDropZoneProps {
  /** The id of the (hidden) file input, for a <label htmlFor> naming the field. */
  id: string;
  accept?: string;
  disabled?: boolean;
  /** The file chosen so far, shown in the zone with its size. */
  file: File | null;
  onFile: (file: File | null) => void;
  /** Formats a size in bytes in the page's language. */
  formatSize: (bytes: number) => string;
  /** The id of a hint (accepted types and size) describing the zone. */
  describedBy?: string;
  labels: {
    /** 'Drag a file here or choose one', the zone's call to action and its button's name. */
    prompt: string;
    /** Shown while a file is dragged over the zone. */
    dropHere: string;
    /** Shown under a chosen file: another one can still be chosen. */
    change: string;
  };
}

/**
 * A file field in the page's own language (the native input's 'Choose File' follows the browser's): drop a
 * file on the zone, or press it (mouse, Enter or Space) to open the file picker. The native input stays in
 * the DOM, hidden, so forms and tests still set its files; the zone shows the chosen file's name and size.
 */
export function FileDropZone({ id, accept, disabled, file, onFile, formatSize, describedBy, labels }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    if (disabled) return;
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!disabled && dropped) onFile(dropped);
  };

  return (
    <div
      data-testid="file-drop-zone"
      data-dragging={dragging || undefined}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 transition-colors',
        dragging && 'border-primary-500 bg-primary-50',
        disabled && 'opacity-60',
      )}
    >
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          onFile(event.target.files?.[0] ?? null);
          // Choosing the same file again after a change still reports it.
          event.target.value = '';
        }}
      />
      <button
        type="button"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
        className={cn(
          'flex w-full min-w-0 flex-col items-center gap-1.5 rounded-lg px-4 py-5 text-center text-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
          'disabled:cursor-not-allowed',
        )}
      >
        <FileUp className={cn('h-6 w-6', dragging ? 'text-primary-600' : 'text-slate-500')} aria-hidden="true" />
        <span className="font-medium text-slate-900">{dragging ? labels.dropHere : labels.prompt}</span>
        {file && (
          <span className="max-w-full text-slate-700 [overflow-wrap:anywhere]" data-testid="file-drop-zone-file">
            {file.name} ({formatSize(file.size)}) · <span className="text-primary-700 underline">{labels.change}</span>
          </span>
        )}
      </button>
    </div>
  );
}
