import dayjs, { type Dayjs } from 'dayjs';

/** A time of day "HH:mm" as the value of Ant Design's TimePicker (today at that time), or null when empty. */
export const timeOfDay = (hhmm: string | null | undefined): Dayjs | null =>
  hhmm
    ? dayjs()
        .hour(Number(hhmm.slice(0, 2)))
        .minute(Number(hhmm.slice(3, 5)))
        .second(0)
    : null;

/** The TimePicker's value back as "HH:mm", or null when cleared. */
export const hhmmOf = (time: Dayjs | null): string | null => (time ? time.format('HH:mm') : null);
