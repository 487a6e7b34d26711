import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FirmwareVersion } from './firmware-version';

describe('FirmwareVersion', () => {
  it.each<[string | number | null, 'PCU' | 'DSP' | undefined, string | null, string]>([
    // The three forms of one version read alike: the number dotted, the component a label beside it.
    ['6.0.3', 'PCU', 'PCU', '6.0.3'],
    [603, 'PCU', 'PCU', '6.0.3'],
    ['PCU 603', undefined, 'PCU', '6.0.3'],
    ['259', undefined, null, '2.5.9'],
    ['V201A00D00', 'DSP', 'DSP', 'V201A00D00'],
    [null, 'PCU', null, '—'],
  ])('%j (%s) shows label %s and %s', (version, component, label, text) => {
    render(<FirmwareVersion version={version} component={component} testId="v" />);
    const shown = screen.getByTestId('v');
    expect(shown.querySelector('.status-tag')?.textContent ?? null).toBe(label);
    expect(shown.querySelector('.firmware-version-text')?.textContent).toBe(text);
    // Label and number are apart in the text too, so a search or a screen reader never reads "PCU603".
    expect(shown.textContent).toBe(label ? `${label} ${text}` : text);
  });
});
