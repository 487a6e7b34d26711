/** Example scripts shown in the editor's help; Python code, so the same in every language. */
export const SCRIPT_EXAMPLES = {
  reverseMeter: `# The grid meter is mounted in reverse: swap import and export.
def derive(buckets):
    out = []
    for b in buckets:
        total = {"pv_kwh": 0.0, "load_kwh": 0.0, "grid_import_kwh": 0.0,
                 "grid_export_kwh": 0.0, "bat_charge_kwh": 0.0, "bat_discharge_kwh": 0.0}
        for dev in b["devices"].values():
            for key in total:
                total[key] += dev[key]
        total["grid_import_kwh"], total["grid_export_kwh"] = total["grid_export_kwh"], total["grid_import_kwh"]
        out.append(total)
    return out
`,
  excludeDevice: `# Leave one device (a test unit) out of the plant's figures.
EXCLUDED = {"SN-TEST-0001"}

def derive(buckets):
    out = []
    for b in buckets:
        total = {"pv_kwh": 0.0, "load_kwh": 0.0, "grid_import_kwh": 0.0,
                 "grid_export_kwh": 0.0, "bat_charge_kwh": 0.0, "bat_discharge_kwh": 0.0}
        for sn, dev in b["devices"].items():
            if sn in EXCLUDED:
                continue
            for key in total:
                total[key] += dev[key]
        out.append(total)
    return out
`,
  customEarnings: `# Custom earnings: 0.12 per kWh exported, 0.30 per kWh of PV used on site.
def derive(buckets):
    out = []
    for b in buckets:
        total = {"pv_kwh": 0.0, "load_kwh": 0.0, "grid_import_kwh": 0.0,
                 "grid_export_kwh": 0.0, "bat_charge_kwh": 0.0, "bat_discharge_kwh": 0.0}
        for dev in b["devices"].values():
            for key in total:
                total[key] += dev[key]
        self_used = max(total["pv_kwh"] - total["grid_export_kwh"], 0.0)
        total["earnings"] = 0.12 * total["grid_export_kwh"] + 0.30 * self_used
        out.append(total)
    return out

def indicators(buckets, figures):
    pv = sum(f["pv_kwh"] for f in figures)
    load = sum(f["load_kwh"] for f in figures)
    return {"Self-sufficiency": {"value": 100.0 * min(pv, load) / load if load else 0.0, "unit": "%"}}
`,
} as const;

export type ScriptExample = keyof typeof SCRIPT_EXAMPLES;
