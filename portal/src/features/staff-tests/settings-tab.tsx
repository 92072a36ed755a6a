import type { ConfigSetting } from '@invigil/shared/api/test-config-catalogue';
import { configValue, otherConfigKeys, TEST_CONFIG_CATALOGUE, withConfigValue } from '@invigil/shared/api/test-config-catalogue';
import type { TestConfig } from '@invigil/shared/api/tests';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CheckField, InputField, numberOf, SelectField, type TabProps } from './editor-fields';
import { fieldId } from './test-draft';

const GROUPS = [...new Set(TEST_CONFIG_CATALOGUE.map((setting) => setting.group))];

function NumberSetting({ setting, config, onChange }: { setting: ConfigSetting; config: TestConfig; onChange: (value: number | null) => void }) {
  const value = configValue(config, setting) as number;
  const [text, setText] = useState(String(value));
  const shown = numberOf(text) === value || text.trim() === '' ? text : String(value);
  return (
    <InputField
      id={fieldId(`config-${setting.key}`)}
      label={setting.label}
      type="number"
      min={0}
      step="any"
      value={shown}
      hint={`${setting.help} Default ${String(setting.default)}.`}
      onChange={(next) => {
        setText(next);
        const number = numberOf(next);
        onChange(number !== null && number > 0 ? number : null);
      }}
    />
  );
}

function Setting({ setting, config, onChange }: { setting: ConfigSetting; config: TestConfig; onChange: (value: boolean | number | string | null) => void }) {
  const id = fieldId(`config-${setting.key}`);
  if (setting.kind === 'boolean') {
    return <CheckField id={id} label={setting.label} checked={configValue(config, setting) as boolean} onChange={onChange} hint={`${setting.help} ${setting.default ? 'On' : 'Off'} by default.`} />;
  }
  if (setting.kind === 'number') return <NumberSetting setting={setting} config={config} onChange={onChange} />;
  const value = String(configValue(config, setting));
  const choices = (setting.choices ?? []).map((choice) => [choice.value, choice.label] as const);
  // A value the catalogue does not name stays, shown as it is.
  const options = choices.some(([key]) => key === value) ? choices : [...choices, [value, value] as const];
  return <SelectField id={id} label={setting.label} value={value} options={options} onChange={onChange} hint={setting.help} />;
}

/** A value of "Other settings" as typed: true/false and numbers become themselves, the rest stays text. */
function typedValue(text: string): boolean | number | string {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return text;
}

/** The config's keys the catalogue does not know (CDN, an institute's own), as key and value rows. */
function OtherSettings({ config, onConfig }: { config: TestConfig; onConfig: (config: TestConfig) => void }) {
  const keys = otherConfigKeys(config);
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const taken = newKey.trim() !== '' && newKey.trim() in config;
  return (
    <section aria-labelledby={fieldId('config-other')} className="flex flex-col gap-3">
      <h3 id={fieldId('config-other')} className="text-lg font-bold">Other settings</h3>
      <p className="text-sm opacity-80">Keys of the test's config that the list above does not name, kept as they are.</p>
      {keys.length === 0 ? <p>None.</p> : null}
      <ul className="flex flex-col gap-2">
        {keys.map((key) => (
          <li key={key} className="flex flex-wrap items-end gap-2">
            <InputField id={fieldId(`config-${key}`)} label={key} value={String(config[key])} onChange={(text) => onConfig({ ...config, [key]: typedValue(text) })} className="min-w-0 flex-1 basis-48" />
            <button
              type="button"
              className="btn btn-outline btn-error gap-1"
              onClick={() => {
                const next = { ...config };
                delete next[key];
                onConfig(next);
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />Remove {key}
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <InputField id={fieldId('config-new-key')} label="New key" value={newKey} onChange={setNewKey} className="min-w-0 flex-1 basis-40" />
        <InputField id={fieldId('config-new-value')} label="Its value" value={newValue} onChange={setNewValue} className="min-w-0 flex-1 basis-40" />
        <button
          type="button"
          className="btn btn-outline gap-1"
          disabled={newKey.trim() === '' || taken}
          onClick={() => {
            onConfig({ ...config, [newKey.trim()]: typedValue(newValue) });
            setNewKey('');
            setNewValue('');
          }}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />Add setting
        </button>
      </div>
      {taken ? <p className="text-sm text-error" role="alert">The config has this key already.</p> : null}
    </section>
  );
}

/** Proctoring & settings: the test config's flags from the catalogue (shared/api/test-config-catalogue.ts), and the keys it does not know. */
export function SettingsTab({ draft, change }: TabProps) {
  const onConfig = (config: TestConfig) => change((current) => ({ ...current, config }));
  return (
    <div className="flex flex-col gap-6 focus:outline-2 focus:outline-offset-2 focus:outline-primary" id={fieldId('config')} tabIndex={-1}>
      {GROUPS.map((group) => (
        <section key={group} aria-labelledby={fieldId(`group-${group.replace(/\W+/g, '-')}`)} className="flex flex-col gap-4">
          <h3 id={fieldId(`group-${group.replace(/\W+/g, '-')}`)} className="text-lg font-bold">{group}</h3>
          {TEST_CONFIG_CATALOGUE.filter((setting) => setting.group === group).map((setting) => (
            <Setting key={setting.key} setting={setting} config={draft.config} onChange={(value) => change((current) => ({ ...current, config: withConfigValue(current.config, setting, value) }))} />
          ))}
        </section>
      ))}
      <OtherSettings config={draft.config} onConfig={onConfig} />
    </div>
  );
}
