import { describe, expect, it } from 'vitest';
import { createInstance, type TFunction } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { reportErrors, type ReportSchedule } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import {
  defaultScheduleValues,
  localizeScheduleError,
  reportScheduleSchema,
  scheduleCreateBody,
} from './report-schedule-form.ts';
import { reportsEn } from './reports.en.ts';
import { ScheduledReportsList } from './ScheduledReportsList.tsx';

const i18n = createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { reports: reportsEn } } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});
const t = i18n.t.bind(i18n) as TFunction;

const schedule: ReportSchedule = {
  publicId: 'abcdefghijkl',
  report: { publicId: 'pagepagepage', title: 'Boiler report' },
  agent: { publicId: 'agentagentag', name: 'Boiler' },
  asset: null,
  frequency: 'weekly',
  timeZone: 'Europe/Berlin',
  recipients: [
    { publicId: 'useruseruse1', name: 'Anna' },
    { publicId: 'useruseruse2', name: 'Ben' },
  ],
  nextRunOn: '2026-11-30T23:00:00.000Z',
  lastRunOn: null,
};

describe('scheduled reports form', () => {
  it('sends the device from the page and the chosen members as references', () => {
    const values = { ...defaultScheduleValues('UTC', 'me0000000000'), report: 'pagepagepage' };
    expect(scheduleCreateBody(values, 'asset', 'assetassetas')).toEqual({
      report: { publicId: 'pagepagepage' },
      asset: { publicId: 'assetassetas' },
      frequency: 'daily',
      timeZone: 'UTC',
      recipients: [{ publicId: 'me0000000000' }],
    });
  });

  it('needs a page, a time zone and at least one recipient', () => {
    const result = reportScheduleSchema(t).safeParse({
      report: '',
      frequency: 'daily',
      timeZone: '',
      recipients: [],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['report', 'Required'],
      ['timeZone', 'Required'],
      ['recipients', 'Choose at least one member.'],
    ]);
  });

  it('names the recipient the server refuses, by its place in the list', () => {
    const names = ['Anna', 'Ben'];
    const error = new ApiError(404, [{ message: 'Not found', propertyName: 'recipients', listIndex: 1 }]);
    expect((localizeScheduleError(error, t, (index) => names[index]) as ApiError).errors).toEqual([
      { message: 'Ben is not a member of the company.', propertyName: 'recipients', listIndex: 1 },
    ]);
    const cannot = new ApiError(400, [
      { message: reportErrors.recipientCannotRead, propertyName: 'recipients', listIndex: 0 },
    ]);
    expect((localizeScheduleError(cannot, t, (index) => names[index]) as ApiError).errors[0]!.message).toBe(
      'Anna does not see this device or the report page.',
    );
    const limit = new ApiError(409, [{ message: reportErrors.scheduleLimit }]);
    expect((localizeScheduleError(limit, t) as ApiError).errors[0]!.message).toBe(
      reportsEn.schedules.errors.scheduleLimit,
    );
    const other = new ApiError(404, [{ message: 'Not found', propertyName: 'report' }]);
    expect((localizeScheduleError(other, t) as ApiError).errors).toEqual(other.errors);
  });
});

describe('ScheduledReportsList', () => {
  const render = (schedules: ReportSchedule[]) =>
    renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <ScheduledReportsList
          schedules={schedules}
          formatDate={(value) => value.slice(0, 10)}
          onAdd={() => undefined}
          onDelete={() => undefined}
        />
      </I18nextProvider>,
    );

  it('shows page, frequency, recipients and next run, with a delete button per schedule', () => {
    const html = render([schedule]);
    expect(html).toContain('Scheduled reports');
    expect(html).toContain('Boiler report · Weekly');
    expect(html).toContain('To: Anna, Ben');
    expect(html).toContain('Next run: 2026-11-30 (Europe/Berlin)');
    expect(html).toContain('aria-label="Delete the schedule of Boiler report"');
  });

  it('says when none is scheduled', () => {
    expect(render([])).toContain('No report of this device is scheduled.');
  });
});
