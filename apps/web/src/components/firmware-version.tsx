import { firmwareVersion, type FirmwareComponent } from '@voltfleet/osim';
import { StatusTag } from './status-tag';

/**
 * A firmware version as every page shows it: "6.0.3" whether it was stored as 6.0.3, reported as 603 or "PCU 603"
 * (@voltfleet/osim firmwareVersion), with its component (PCU, DSP, BMS) as a label beside the number, never glued
 * to it; "—" without a version. `component` names the component where the context knows it and the text does not.
 */
export function FirmwareVersion({
  version,
  component,
  testId,
}: {
  version: string | number | null | undefined;
  component?: FirmwareComponent;
  testId?: string;
}) {
  const shown = firmwareVersion(version);
  const label = shown?.component ?? component;
  return (
    <span className="firmware-version" data-testid={testId}>
      {label && shown ? (
        <>
          <StatusTag>{label}</StatusTag>{' '}
        </>
      ) : null}
      <span className="firmware-version-text">{shown?.text ?? '—'}</span>
    </span>
  );
}
