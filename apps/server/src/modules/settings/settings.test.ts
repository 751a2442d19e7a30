import {
  errors,
  getBusinessProfile,
  updateBusinessProfile,
  type BusinessProfileFields,
} from '@stratus/contract';
import { operatorSettings, sql } from '@stratus/db';
import { testEngines } from '@stratus/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  expectAccessPerPermissionTable,
  registerCustomer,
  registerStaffTeam,
  type StaffTeam,
} from '../../../test/accounts.ts';
import { auditEntriesAbout } from '../../../test/audit.ts';
import { callEndpoint } from '../../../test/call-endpoint.ts';

const english = { 'accept-language': 'en-US' };

const profile: BusinessProfileFields = {
  companyName: '云层网络科技（上海）有限公司',
  address: '上海市浦东新区张江路 88 号',
  taxNumber: '91310115MA1K4ABC2X',
  phone: '021-5555 0100',
  email: 'billing@stratus.example',
};

describe.each(testEngines)('business profile on %s', (engine) => {
  let testApp: TestApp;
  let team: StaffTeam;
  let customerToken: string;

  beforeAll(async () => {
    testApp = await createTestApp(engine);
    team = await registerStaffTeam(testApp);
    customerToken = (await registerCustomer(testApp)).token;
  });
  afterAll(() => testApp?.close());
  beforeEach(async () => {
    await testApp.database.db.delete(operatorSettings);
  });

  const audited = () =>
    auditEntriesAbout(testApp.database.db, { type: 'settings', id: 'business_profile' });

  it('lets only the owner read and change it', async () => {
    await expectAccessPerPermissionTable(testApp, getBusinessProfile, {
      team,
      customerToken,
      call: async () => ({}),
    });
    await expectAccessPerPermissionTable(testApp, updateBusinessProfile, {
      team,
      customerToken,
      call: async () => ({ body: profile }),
    });
  });

  it('answers empty fields until the owner fills them in, then what was saved, audited', async () => {
    // The audit log keeps earlier tests' entries (it is append-only).
    const earlier = (await audited()).length;
    const untouched = await callEndpoint(testApp.app, getBusinessProfile, {
      token: team.owner.token,
    });
    expect(untouched.data()).toEqual({
      companyName: '',
      address: '',
      taxNumber: '',
      phone: '',
      email: '',
      updatedAt: null,
    });

    const saved = await callEndpoint(testApp.app, updateBusinessProfile, {
      token: team.owner.token,
      body: { ...profile, taxNumber: ' 91310115ma1k4abc2x ', email: 'Billing@Stratus.example' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.data();
    expect(answer).toMatchObject(profile);
    expect(answer.updatedAt).not.toBeNull();
    const read = await callEndpoint(testApp.app, getBusinessProfile, { token: team.owner.token });
    expect(read.data()).toEqual(answer);

    await callEndpoint(testApp.app, updateBusinessProfile, {
      token: team.owner.token,
      body: { ...profile, phone: '' },
    });
    const entries = (await audited()).slice(earlier);
    expect(entries.map((entry) => entry.action)).toEqual(['settings.update', 'settings.update']);
    expect(entries[0]?.changes).toMatchObject({
      companyName: { before: '', after: profile.companyName },
    });
    // The second save records only the field it changed.
    expect(entries[1]?.changes).toEqual({ phone: { before: profile.phone, after: '' } });
  });

  it('keeps the defaults of fields a stored profile lacks or holds wrongly', async () => {
    await testApp.database.db.execute(
      sql`insert into operator_settings (key, value) values
            ('business_profile', '{"companyName": "Stratus Ltd", "taxNumber": 42}'::jsonb)`,
    );
    const read = await callEndpoint(testApp.app, getBusinessProfile, { token: team.owner.token });
    expect(read.data()).toMatchObject({ companyName: 'Stratus Ltd', taxNumber: '', address: '' });
  });

  it('refuses bad fields by name and changes nothing', async () => {
    const earlier = (await audited()).length;
    for (const [body, field] of [
      [{ ...profile, companyName: 'x'.repeat(101) }, 'companyName'],
      [{ ...profile, address: 'two\nlines' }, 'address'],
      [{ ...profile, taxNumber: '12345' }, 'taxNumber'],
      [{ ...profile, email: 'not an email' }, 'email'],
      [{ companyName: 'Stratus Ltd' }, 'address'],
    ] as const) {
      const response = await callEndpoint(testApp.app, updateBusinessProfile, {
        token: team.owner.token,
        headers: english,
        rawBody: body,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().code, field).toBe(errors.validationFailed.code);
      expect(response.json().message, field).toContain(field);
    }
    expect(await audited()).toHaveLength(earlier);
    const read = await callEndpoint(testApp.app, getBusinessProfile, { token: team.owner.token });
    expect(read.data().updatedAt).toBeNull();
  });
});
