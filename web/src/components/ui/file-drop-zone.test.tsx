import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FileDropZone } from './file-drop-zone';

const LABELS = { prompt: 'Lohistage fail siia või klõpsake', dropHere: 'Laske fail siia lahti', change: 'Vali teine fail' };

function Zone({ onFile = () => undefined, disabled = false }: { onFile?: (file: File | null) => void; disabled?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <label htmlFor="zone-file">Fail</label>
      <FileDropZone
        id="zone-file"
        file={file}
        disabled={disabled}
        onFile={(chosen) => {
          setFile(chosen);
          onFile(chosen);
        }}
        formatSize={(bytes) => `${bytes} B`}
        labels={LABELS}
      />
    </>
  );
}

const pdf = () => new File(['%PDF-1.4'], 'tõend.pdf', { type: 'application/pdf' });

function drop(target: Element, files: File[]) {
  const event = createEvent.drop(target);
  Object.defineProperty(event, 'dataTransfer', { value: { files, dropEffect: 'none' } });
  fireEvent(target, event);
}

describe('FileDropZone (issue 18: no native Choose File button)', () => {
  it('opens the file picker from the keyboard: Enter and Space on its button', async () => {
    const user = userEvent.setup();
    render(<Zone />);
    const input = screen.getByLabelText<HTMLInputElement>('Fail');
    const picker = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    await user.tab();
    expect(screen.getByRole('button', { name: LABELS.prompt })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(picker).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(picker).toHaveBeenCalledTimes(2);
  });

  it('shows the picked file with its size in its own words', async () => {
    const user = userEvent.setup();
    const onFile = vi.fn();
    render(<Zone onFile={onFile} />);
    expect(screen.getByRole('button', { name: LABELS.prompt })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Fail'), pdf());
    expect(onFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'tõend.pdf' }));
    expect(screen.getByTestId('file-drop-zone-file')).toHaveTextContent('tõend.pdf (8 B) · Vali teine fail');
  });

  it('takes a dropped file, highlighting the zone while it is dragged over', () => {
    const onFile = vi.fn();
    render(<Zone onFile={onFile} />);
    const zone = screen.getByTestId('file-drop-zone');
    fireEvent.dragOver(zone, { dataTransfer: { dropEffect: 'none' } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    expect(screen.getByText(LABELS.dropHere)).toBeInTheDocument();
    drop(zone, [pdf()]);
    expect(onFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'tõend.pdf' }));
    expect(zone).not.toHaveAttribute('data-dragging');
    expect(screen.getByTestId('file-drop-zone-file')).toHaveTextContent('tõend.pdf (8 B)');
  });

  it('takes no file while disabled (an upload is running)', () => {
    const onFile = vi.fn();
    render(<Zone onFile={onFile} disabled />);
    drop(screen.getByTestId('file-drop-zone'), [pdf()]);
    expect(onFile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: LABELS.prompt })).toBeDisabled();
  });
});
