// Generated from schemas/*.json (bundled) by ajv 8.20.0 (standalone, JSON Schema 2020-12); do not edit. Regenerate with `nox -s generate`.
// @pcreceipt/contract: pcreceipt's contract bindings for PowerContext host plugins (docs/hosts.md).

export const PreparedContext = validate21;
const schema32 = {"type":"object","additionalProperties":false,"required":["schema","status","content","content_bytes"],"properties":{"schema":{"type":"string","const":"powercontext.prepared-context.v1"},"status":{"type":"string","enum":["ready","empty"]},"content":{"type":["string","null"],"maxLength":32768},"content_bytes":{"type":"integer","minimum":0,"maximum":32768},"reason":{"$ref":"#/$defs/DegradationReason"},"receipt":{"$ref":"#/$defs/PreparedContextReceipt"}},"allOf":[{"if":{"properties":{"status":{"const":"empty"}},"required":["status"]},"then":{"properties":{"content":{"type":"null"},"content_bytes":{"const":0},"receipt":{"properties":{"content_digest":{"type":"null"},"used_bytes":{"const":0},"selected":{"maxItems":0}}}}}},{"if":{"properties":{"status":{"const":"ready"}},"required":["status"]},"then":{"properties":{"content":{"type":"string","minLength":1,"pattern":"\\S"},"content_bytes":{"minimum":1},"receipt":{"properties":{"content_digest":{"type":"string"},"selected":{"minItems":1}}}}}}]};
const schema33 = {"type":"string","enum":["inference_timeout","inference_unavailable"]};
const func1 = (function ucs2length(str) {
    const len = str.length;
    let length = 0;
    let pos = 0;
    let value;
    while (pos < len) {
        length++;
        value = str.charCodeAt(pos++);
        if (value >= 0xd800 && value <= 0xdbff && pos < len) {
            // high surrogate, and there is a next character
            value = str.charCodeAt(pos);
            if ((value & 0xfc00) === 0xdc00)
                pos++; // low surrogate
        }
    }
    return length;
});
const pattern4 = new RegExp("\\S", "u");
const schema34 = {"type":"object","additionalProperties":false,"required":["schema","receipt_id","policy_id","query_digest","content_digest","requested_max_bytes","used_bytes","truncated","non_deterministic","retrieval","selected","omitted","stages"],"properties":{"schema":{"type":"string","const":"powercontext.prepared-context-receipt.v1"},"receipt_id":{"type":"string","pattern":"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"},"policy_id":{"type":"string","const":"powercontext.prepared-context-receipt.v1"},"query_digest":{"$ref":"#/$defs/Sha256Digest"},"content_digest":{"anyOf":[{"$ref":"#/$defs/Sha256Digest"},{"type":"null"}]},"requested_max_bytes":{"type":"integer","minimum":512,"maximum":32768},"used_bytes":{"type":"integer","minimum":0,"maximum":32768},"truncated":{"type":"boolean"},"non_deterministic":{"type":"boolean"},"retrieval":{"$ref":"#/$defs/Retrieval"},"selected":{"type":"array","maxItems":32,"items":{"$ref":"#/$defs/SelectedItem"}},"omitted":{"type":"array","maxItems":16,"items":{"$ref":"#/$defs/OmittedGroup"}},"stages":{"type":"array","maxItems":8,"items":{"$ref":"#/$defs/StageTiming"}}}};
const schema35 = {"type":"string","pattern":"^sha256:[0-9a-f]{64}$"};
const schema70 = {"type":"object","additionalProperties":false,"required":["stage","duration_ms","count"],"properties":{"stage":{"type":"string","minLength":3,"maxLength":64,"pattern":"^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$"},"duration_ms":{"type":"number","minimum":0},"count":{"type":"integer","minimum":1,"maximum":65535}}};
const func3 = Object.prototype.hasOwnProperty;
const pattern5 = new RegExp("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", "u");
const pattern6 = new RegExp("^sha256:[0-9a-f]{64}$", "u");
const pattern24 = new RegExp("^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$", "u");
const schema37 = {"type":"object","additionalProperties":false,"required":["rounds","searches","rerank_configs","reranks"],"properties":{"rounds":{"type":"array","minItems":1,"maxItems":3,"items":{"$ref":"#/$defs/RecallRound"}},"searches":{"type":"array","maxItems":32,"items":{"$ref":"#/$defs/SearchGroup"}},"rerank_configs":{"type":"array","maxItems":8,"items":{"$ref":"#/$defs/RerankConfig"}},"reranks":{"type":"array","maxItems":32,"items":{"$ref":"#/$defs/RerankGroup"}}}};
const schema38 = {"type":"object","additionalProperties":false,"required":["round","outcome","retained"],"properties":{"round":{"type":"integer","minimum":0,"maximum":2},"outcome":{"type":"string","enum":["completed","expansion_failed"]},"retained":{"type":"boolean"}},"allOf":[{"if":{"properties":{"outcome":{"const":"completed"}},"required":["outcome"]},"then":{"properties":{"retained":{"const":true}}}},{"if":{"properties":{"outcome":{"const":"expansion_failed"}},"required":["outcome"]},"then":{"properties":{"retained":{"const":false},"round":{"minimum":1}}}}]};
const schema39 = {"type":"object","additionalProperties":false,"required":["round","family","mode","outcome","fallback_reason","count"],"properties":{"round":{"type":"integer","minimum":0,"maximum":2},"family":{"$ref":"#/$defs/EvidenceFamily"},"mode":{"$ref":"#/$defs/SearchMode"},"outcome":{"type":"string","enum":["completed","not_run","failed"]},"fallback_reason":{"type":"string","enum":["none","inference_unavailable","inference_timeout","reused_fts_fallback"]},"count":{"type":"integer","minimum":1,"maximum":65535}},"allOf":[{"if":{"properties":{"outcome":{"const":"not_run"}},"required":["outcome"]},"then":{"properties":{"mode":{"const":"none"},"fallback_reason":{"const":"none"}}}},{"if":{"properties":{"mode":{"const":"none"}},"required":["mode"]},"then":{"properties":{"outcome":{"const":"not_run"}}}},{"if":{"properties":{"family":{"const":"profile"}},"required":["family"]},"then":{"properties":{"mode":{"enum":["snapshot","none"]},"round":{"const":0},"fallback_reason":{"const":"none"}}}},{"if":{"properties":{"family":{"const":"code"}},"required":["family"]},"then":{"properties":{"mode":{"enum":["code","none"]},"round":{"const":0},"fallback_reason":{"const":"none"}}}},{"if":{"properties":{"family":{"enum":["atomic-memory","topic-memory","experience"]}},"required":["family"]},"then":{"properties":{"mode":{"enum":["fts","vector","hybrid","none"]}}}},{"if":{"properties":{"fallback_reason":{"const":"reused_fts_fallback"}},"required":["fallback_reason"]},"then":{"properties":{"mode":{"const":"fts"},"outcome":{"const":"completed"},"round":{"minimum":1}}}},{"if":{"properties":{"fallback_reason":{"enum":["inference_unavailable","inference_timeout"]},"outcome":{"const":"completed"}},"required":["fallback_reason","outcome"]},"then":{"properties":{"mode":{"const":"fts"}}}}]};
const schema40 = {"type":"string","enum":["atomic-memory","topic-memory","experience","profile","code"]};
const schema41 = {"type":"string","enum":["fts","vector","hybrid","snapshot","code","none"]};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.outcome === undefined) && (missing0 = "outcome")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.outcome !== undefined){
if("not_run" !== data.outcome){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.mode !== undefined){
if("none" !== data.mode){
const err2 = {instancePath:instancePath+"/mode",schemaPath:"#/allOf/0/then/properties/mode/const",keyword:"const",params:{allowedValue: "none"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.fallback_reason !== undefined){
if("none" !== data.fallback_reason){
const err3 = {instancePath:instancePath+"/fallback_reason",schemaPath:"#/allOf/0/then/properties/fallback_reason/const",keyword:"const",params:{allowedValue: "none"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
if(valid1){
var props0 = {};
props0.mode = true;
props0.fallback_reason = true;
props0.outcome = true;
}
}
if(!valid1){
const err4 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs9 = errors;
let valid4 = true;
const _errs10 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.mode === undefined) && (missing1 = "mode")){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
if(data.mode !== undefined){
if("none" !== data.mode){
const err6 = {};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
var _valid1 = _errs10 === errors;
errors = _errs9;
if(vErrors !== null){
if(_errs9){
vErrors.length = _errs9;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.outcome !== undefined){
if("not_run" !== data.outcome){
const err7 = {instancePath:instancePath+"/outcome",schemaPath:"#/allOf/1/then/properties/outcome/const",keyword:"const",params:{allowedValue: "not_run"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
var _valid1 = _errs12 === errors;
valid4 = _valid1;
if(valid4){
var props1 = {};
props1.outcome = true;
props1.mode = true;
}
}
if(!valid4){
const err8 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
const _errs15 = errors;
let valid7 = true;
const _errs16 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing2;
if((data.family === undefined) && (missing2 = "family")){
const err9 = {};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
else {
if(data.family !== undefined){
if("profile" !== data.family){
const err10 = {};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
}
var _valid2 = _errs16 === errors;
errors = _errs15;
if(vErrors !== null){
if(_errs15){
vErrors.length = _errs15;
}
else {
vErrors = null;
}
}
if(_valid2){
const _errs18 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.mode !== undefined){
let data6 = data.mode;
if(!((data6 === "snapshot") || (data6 === "none"))){
const err11 = {instancePath:instancePath+"/mode",schemaPath:"#/allOf/2/then/properties/mode/enum",keyword:"enum",params:{allowedValues: schema39.allOf[2].then.properties.mode.enum}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.round !== undefined){
if(0 !== data.round){
const err12 = {instancePath:instancePath+"/round",schemaPath:"#/allOf/2/then/properties/round/const",keyword:"const",params:{allowedValue: 0}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.fallback_reason !== undefined){
if("none" !== data.fallback_reason){
const err13 = {instancePath:instancePath+"/fallback_reason",schemaPath:"#/allOf/2/then/properties/fallback_reason/const",keyword:"const",params:{allowedValue: "none"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
var _valid2 = _errs18 === errors;
valid7 = _valid2;
if(valid7){
var props2 = {};
props2.mode = true;
props2.round = true;
props2.fallback_reason = true;
props2.family = true;
}
}
if(!valid7){
const err14 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(props0 !== true && props2 !== undefined){
if(props2 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props2);
}
}
const _errs23 = errors;
let valid10 = true;
const _errs24 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing3;
if((data.family === undefined) && (missing3 = "family")){
const err15 = {};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
else {
if(data.family !== undefined){
if("code" !== data.family){
const err16 = {};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
}
var _valid3 = _errs24 === errors;
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
if(_valid3){
const _errs26 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.mode !== undefined){
let data10 = data.mode;
if(!((data10 === "code") || (data10 === "none"))){
const err17 = {instancePath:instancePath+"/mode",schemaPath:"#/allOf/3/then/properties/mode/enum",keyword:"enum",params:{allowedValues: schema39.allOf[3].then.properties.mode.enum}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.round !== undefined){
if(0 !== data.round){
const err18 = {instancePath:instancePath+"/round",schemaPath:"#/allOf/3/then/properties/round/const",keyword:"const",params:{allowedValue: 0}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.fallback_reason !== undefined){
if("none" !== data.fallback_reason){
const err19 = {instancePath:instancePath+"/fallback_reason",schemaPath:"#/allOf/3/then/properties/fallback_reason/const",keyword:"const",params:{allowedValue: "none"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
var _valid3 = _errs26 === errors;
valid10 = _valid3;
if(valid10){
var props3 = {};
props3.mode = true;
props3.round = true;
props3.fallback_reason = true;
props3.family = true;
}
}
if(!valid10){
const err20 = {instancePath,schemaPath:"#/allOf/3/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(props0 !== true && props3 !== undefined){
if(props3 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props3);
}
}
const _errs31 = errors;
let valid13 = true;
const _errs32 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing4;
if((data.family === undefined) && (missing4 = "family")){
const err21 = {};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
else {
if(data.family !== undefined){
let data13 = data.family;
if(!(((data13 === "atomic-memory") || (data13 === "topic-memory")) || (data13 === "experience"))){
const err22 = {};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
}
var _valid4 = _errs32 === errors;
errors = _errs31;
if(vErrors !== null){
if(_errs31){
vErrors.length = _errs31;
}
else {
vErrors = null;
}
}
if(_valid4){
const _errs34 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.mode !== undefined){
let data14 = data.mode;
if(!((((data14 === "fts") || (data14 === "vector")) || (data14 === "hybrid")) || (data14 === "none"))){
const err23 = {instancePath:instancePath+"/mode",schemaPath:"#/allOf/4/then/properties/mode/enum",keyword:"enum",params:{allowedValues: schema39.allOf[4].then.properties.mode.enum}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
var _valid4 = _errs34 === errors;
valid13 = _valid4;
if(valid13){
var props4 = {};
props4.mode = true;
props4.family = true;
}
}
if(!valid13){
const err24 = {instancePath,schemaPath:"#/allOf/4/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(props0 !== true && props4 !== undefined){
if(props4 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props4);
}
}
const _errs37 = errors;
let valid16 = true;
const _errs38 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing5;
if((data.fallback_reason === undefined) && (missing5 = "fallback_reason")){
const err25 = {};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
else {
if(data.fallback_reason !== undefined){
if("reused_fts_fallback" !== data.fallback_reason){
const err26 = {};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
}
var _valid5 = _errs38 === errors;
errors = _errs37;
if(vErrors !== null){
if(_errs37){
vErrors.length = _errs37;
}
else {
vErrors = null;
}
}
if(_valid5){
const _errs40 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.mode !== undefined){
if("fts" !== data.mode){
const err27 = {instancePath:instancePath+"/mode",schemaPath:"#/allOf/5/then/properties/mode/const",keyword:"const",params:{allowedValue: "fts"}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.outcome !== undefined){
if("completed" !== data.outcome){
const err28 = {instancePath:instancePath+"/outcome",schemaPath:"#/allOf/5/then/properties/outcome/const",keyword:"const",params:{allowedValue: "completed"}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.round !== undefined){
let data18 = data.round;
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 1 || isNaN(data18)){
const err29 = {instancePath:instancePath+"/round",schemaPath:"#/allOf/5/then/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
}
var _valid5 = _errs40 === errors;
valid16 = _valid5;
if(valid16){
var props5 = {};
props5.mode = true;
props5.outcome = true;
props5.round = true;
props5.fallback_reason = true;
}
}
if(!valid16){
const err30 = {instancePath,schemaPath:"#/allOf/5/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(props0 !== true && props5 !== undefined){
if(props5 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props5);
}
}
const _errs45 = errors;
let valid19 = true;
const _errs46 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing6;
if(((data.fallback_reason === undefined) && (missing6 = "fallback_reason")) || ((data.outcome === undefined) && (missing6 = "outcome"))){
const err31 = {};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
if(data.fallback_reason !== undefined){
let data19 = data.fallback_reason;
const _errs47 = errors;
if(!((data19 === "inference_unavailable") || (data19 === "inference_timeout"))){
const err32 = {};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var valid20 = _errs47 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data.outcome !== undefined){
const _errs48 = errors;
if("completed" !== data.outcome){
const err33 = {};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var valid20 = _errs48 === errors;
}
else {
var valid20 = true;
}
}
}
}
var _valid6 = _errs46 === errors;
errors = _errs45;
if(vErrors !== null){
if(_errs45){
vErrors.length = _errs45;
}
else {
vErrors = null;
}
}
if(_valid6){
const _errs49 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.mode !== undefined){
if("fts" !== data.mode){
const err34 = {instancePath:instancePath+"/mode",schemaPath:"#/allOf/6/then/properties/mode/const",keyword:"const",params:{allowedValue: "fts"}};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
var _valid6 = _errs49 === errors;
valid19 = _valid6;
if(valid19){
var props6 = {};
props6.mode = true;
props6.fallback_reason = true;
props6.outcome = true;
}
}
if(!valid19){
const err35 = {instancePath,schemaPath:"#/allOf/6/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(props0 !== true && props6 !== undefined){
if(props6 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props6);
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.round === undefined){
const err36 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "round"}};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data.family === undefined){
const err37 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "family"}};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data.mode === undefined){
const err38 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mode"}};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data.outcome === undefined){
const err39 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outcome"}};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data.fallback_reason === undefined){
const err40 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fallback_reason"}};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(data.count === undefined){
const err41 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "count"}};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "round") || (key0 === "family")) || (key0 === "mode")) || (key0 === "outcome")) || (key0 === "fallback_reason")) || (key0 === "count"))){
const err42 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.round !== undefined){
let data22 = data.round;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err43 = {instancePath:instancePath+"/round",schemaPath:"#/properties/round/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 > 2 || isNaN(data22)){
const err44 = {instancePath:instancePath+"/round",schemaPath:"#/properties/round/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2}};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data22 < 0 || isNaN(data22)){
const err45 = {instancePath:instancePath+"/round",schemaPath:"#/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
if(data.family !== undefined){
let data23 = data.family;
if(typeof data23 !== "string"){
const err46 = {instancePath:instancePath+"/family",schemaPath:"#/$defs/EvidenceFamily/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(!(((((data23 === "atomic-memory") || (data23 === "topic-memory")) || (data23 === "experience")) || (data23 === "profile")) || (data23 === "code"))){
const err47 = {instancePath:instancePath+"/family",schemaPath:"#/$defs/EvidenceFamily/enum",keyword:"enum",params:{allowedValues: schema40.enum}};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.mode !== undefined){
let data24 = data.mode;
if(typeof data24 !== "string"){
const err48 = {instancePath:instancePath+"/mode",schemaPath:"#/$defs/SearchMode/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(!((((((data24 === "fts") || (data24 === "vector")) || (data24 === "hybrid")) || (data24 === "snapshot")) || (data24 === "code")) || (data24 === "none"))){
const err49 = {instancePath:instancePath+"/mode",schemaPath:"#/$defs/SearchMode/enum",keyword:"enum",params:{allowedValues: schema41.enum}};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.outcome !== undefined){
let data25 = data.outcome;
if(typeof data25 !== "string"){
const err50 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(!(((data25 === "completed") || (data25 === "not_run")) || (data25 === "failed"))){
const err51 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema39.properties.outcome.enum}};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.fallback_reason !== undefined){
let data26 = data.fallback_reason;
if(typeof data26 !== "string"){
const err52 = {instancePath:instancePath+"/fallback_reason",schemaPath:"#/properties/fallback_reason/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(!((((data26 === "none") || (data26 === "inference_unavailable")) || (data26 === "inference_timeout")) || (data26 === "reused_fts_fallback"))){
const err53 = {instancePath:instancePath+"/fallback_reason",schemaPath:"#/properties/fallback_reason/enum",keyword:"enum",params:{allowedValues: schema39.properties.fallback_reason.enum}};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data.count !== undefined){
let data27 = data.count;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err54 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if((typeof data27 == "number") && (isFinite(data27))){
if(data27 > 65535 || isNaN(data27)){
const err55 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535}};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data27 < 1 || isNaN(data27)){
const err56 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
}
else {
const err57 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema42 = {"type":"object","additionalProperties":false,"required":["config_id","policy_id","model","effective_settings","timeout_seconds","max_requests","config_digest","prompt","non_deterministic"],"properties":{"config_id":{"$ref":"#/$defs/Sha256Digest"},"policy_id":{"type":"string","minLength":1,"maxLength":128,"pattern":"^[a-z0-9][a-z0-9._-]*$"},"model":{"anyOf":[{"type":"string","minLength":3,"maxLength":200,"pattern":"^[A-Za-z0-9._-]+/[!-~]+$"},{"type":"null"}]},"effective_settings":{"$ref":"#/$defs/RerankSettings"},"timeout_seconds":{"type":"number","exclusiveMinimum":0,"maximum":600},"max_requests":{"type":"integer","minimum":1,"maximum":1000},"config_digest":{"$ref":"#/$defs/Sha256Digest"},"prompt":{"anyOf":[{"$ref":"#/$defs/RerankPromptIdentity"},{"type":"null"}]},"non_deterministic":{"type":"boolean"}},"allOf":[{"if":{"properties":{"model":{"type":"null"}},"required":["model"]},"then":{"properties":{"prompt":{"type":"null"},"non_deterministic":{"const":false}}}},{"if":{"properties":{"model":{"type":"string"}},"required":["model"]},"then":{"properties":{"prompt":{"type":"object"},"non_deterministic":{"const":true}}}}]};
const schema44 = {"type":"object","additionalProperties":false,"required":["allowlist"],"properties":{"allowlist":{"type":"string","const":"pcreceipt.rerank-settings.v1"},"temperature":{"type":"number","minimum":0,"maximum":2},"top_p":{"type":"number","exclusiveMinimum":0,"maximum":1},"max_tokens":{"type":"integer","minimum":1,"maximum":131072},"seed":{"type":"integer","minimum":0,"maximum":4294967295},"candidate_limit":{"type":"integer","minimum":1,"maximum":256},"keep":{"type":"integer","minimum":1,"maximum":256},"response_format":{"type":"string","enum":["text","json_object"]},"on_failure":{"type":"string","enum":["coarse_order","drop_family"]},"algorithm_version":{"type":"integer","minimum":1,"maximum":65535}}};
const pattern9 = new RegExp("^[a-z0-9][a-z0-9._-]*$", "u");
const pattern10 = new RegExp("^[A-Za-z0-9._-]+/[!-~]+$", "u");
const schema46 = {"type":"object","additionalProperties":false,"required":["scope_id","key","definition_version","builtin_version","selection","selected_version","compiled_digest","artifact_address"],"properties":{"scope_id":{"$ref":"#/$defs/ScopeId"},"key":{"$ref":"#/$defs/ArtifactId"},"definition_version":{"type":"integer","minimum":1,"maximum":65535},"builtin_version":{"type":"integer","minimum":1,"maximum":65535},"selection":{"type":"string","enum":["built_in","artifact"]},"selected_version":{"type":"integer","minimum":1,"maximum":2147483647},"compiled_digest":{"$ref":"#/$defs/Sha256Digest"},"artifact_address":{"anyOf":[{"$ref":"#/$defs/ArtifactAddress"},{"type":"null"}]}},"allOf":[{"if":{"properties":{"selection":{"const":"built_in"}},"required":["selection"]},"then":{"properties":{"artifact_address":{"type":"null"}}}},{"if":{"properties":{"selection":{"const":"artifact"}},"required":["selection"]},"then":{"properties":{"artifact_address":{"type":"object","properties":{"artifact":{"properties":{"family":{"const":"prompt"}}}}}}}}]};
const schema47 = {"type":"string","minLength":1,"maxLength":256,"pattern":"\\S"};
const schema48 = {"type":"string","minLength":1,"maxLength":128,"pattern":"^[!-~]+$"};
const pattern13 = new RegExp("^[!-~]+$", "u");
const schema50 = {"type":"object","additionalProperties":false,"required":["scope_id","artifact"],"properties":{"scope_id":{"$ref":"#/$defs/ScopeId"},"artifact":{"$ref":"#/$defs/ArtifactReference"}}};
const schema52 = {"type":"object","additionalProperties":false,"required":["family","artifact_id","revision"],"properties":{"family":{"$ref":"#/$defs/ArtifactFamily"},"artifact_id":{"$ref":"#/$defs/ArtifactId"},"revision":{"$ref":"#/$defs/Revision"}}};
const schema53 = {"type":"string","enum":["atomic-memory","topic-memory","experience","profile","prompt"]};
const schema55 = {"type":"integer","minimum":1,"maximum":2147483647};

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate29.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.family === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "family"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.artifact_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "artifact_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.revision === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "revision"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "family") || (key0 === "artifact_id")) || (key0 === "revision"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.family !== undefined){
let data0 = data.family;
if(typeof data0 !== "string"){
const err4 = {instancePath:instancePath+"/family",schemaPath:"#/$defs/ArtifactFamily/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(((((data0 === "atomic-memory") || (data0 === "topic-memory")) || (data0 === "experience")) || (data0 === "profile")) || (data0 === "prompt"))){
const err5 = {instancePath:instancePath+"/family",schemaPath:"#/$defs/ArtifactFamily/enum",keyword:"enum",params:{allowedValues: schema53.enum}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.artifact_id !== undefined){
let data1 = data.artifact_id;
if(typeof data1 === "string"){
if(func1(data1) > 128){
const err6 = {instancePath:instancePath+"/artifact_id",schemaPath:"#/$defs/ArtifactId/maxLength",keyword:"maxLength",params:{limit: 128}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func1(data1) < 1){
const err7 = {instancePath:instancePath+"/artifact_id",schemaPath:"#/$defs/ArtifactId/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!pattern13.test(data1)){
const err8 = {instancePath:instancePath+"/artifact_id",schemaPath:"#/$defs/ArtifactId/pattern",keyword:"pattern",params:{pattern: "^[!-~]+$"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/artifact_id",schemaPath:"#/$defs/ArtifactId/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.revision !== undefined){
let data2 = data.revision;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err10 = {instancePath:instancePath+"/revision",schemaPath:"#/$defs/Revision/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 > 2147483647 || isNaN(data2)){
const err11 = {instancePath:instancePath+"/revision",schemaPath:"#/$defs/Revision/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data2 < 1 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/revision",schemaPath:"#/$defs/Revision/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
}
else {
const err13 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
validate29.errors = vErrors;
return errors === 0;
}
validate29.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.scope_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scope_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.artifact === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "artifact"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((key0 === "scope_id") || (key0 === "artifact"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.scope_id !== undefined){
let data0 = data.scope_id;
if(typeof data0 === "string"){
if(func1(data0) > 256){
const err3 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/maxLength",keyword:"maxLength",params:{limit: 256}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func1(data0) < 1){
const err4 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!pattern4.test(data0)){
const err5 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/pattern",keyword:"pattern",params:{pattern: "\\S"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.artifact !== undefined){
if(!(validate29(data.artifact, {instancePath:instancePath+"/artifact",parentData:data,parentDataProperty:"artifact",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate29.errors : vErrors.concat(validate29.errors);
errors = vErrors.length;
}
}
}
else {
const err7 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate27.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.selection === undefined) && (missing0 = "selection")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.selection !== undefined){
if("built_in" !== data.selection){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.artifact_address !== undefined){
if(data.artifact_address !== null){
const err2 = {instancePath:instancePath+"/artifact_address",schemaPath:"#/allOf/0/then/properties/artifact_address/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
if(valid1){
var props0 = {};
props0.artifact_address = true;
props0.selection = true;
}
}
if(!valid1){
const err3 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
const _errs9 = errors;
let valid4 = true;
const _errs10 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.selection === undefined) && (missing1 = "selection")){
const err4 = {};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
else {
if(data.selection !== undefined){
if("artifact" !== data.selection){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
}
var _valid1 = _errs10 === errors;
errors = _errs9;
if(vErrors !== null){
if(_errs9){
vErrors.length = _errs9;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.artifact_address !== undefined){
let data3 = data.artifact_address;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.artifact !== undefined){
let data4 = data3.artifact;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.family !== undefined){
if("prompt" !== data4.family){
const err6 = {instancePath:instancePath+"/artifact_address/artifact/family",schemaPath:"#/allOf/1/then/properties/artifact_address/properties/artifact/properties/family/const",keyword:"const",params:{allowedValue: "prompt"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
}
else {
const err7 = {instancePath:instancePath+"/artifact_address",schemaPath:"#/allOf/1/then/properties/artifact_address/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
var _valid1 = _errs12 === errors;
valid4 = _valid1;
if(valid4){
var props1 = {};
props1.artifact_address = true;
props1.selection = true;
}
}
if(!valid4){
const err8 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.scope_id === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scope_id"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.key === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.definition_version === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "definition_version"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.builtin_version === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "builtin_version"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.selection === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "selection"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.selected_version === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "selected_version"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.compiled_digest === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "compiled_digest"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.artifact_address === undefined){
const err16 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "artifact_address"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "scope_id") || (key0 === "key")) || (key0 === "definition_version")) || (key0 === "builtin_version")) || (key0 === "selection")) || (key0 === "selected_version")) || (key0 === "compiled_digest")) || (key0 === "artifact_address"))){
const err17 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.scope_id !== undefined){
let data6 = data.scope_id;
if(typeof data6 === "string"){
if(func1(data6) > 256){
const err18 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/maxLength",keyword:"maxLength",params:{limit: 256}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(func1(data6) < 1){
const err19 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!pattern4.test(data6)){
const err20 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/pattern",keyword:"pattern",params:{pattern: "\\S"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.key !== undefined){
let data7 = data.key;
if(typeof data7 === "string"){
if(func1(data7) > 128){
const err22 = {instancePath:instancePath+"/key",schemaPath:"#/$defs/ArtifactId/maxLength",keyword:"maxLength",params:{limit: 128}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(func1(data7) < 1){
const err23 = {instancePath:instancePath+"/key",schemaPath:"#/$defs/ArtifactId/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!pattern13.test(data7)){
const err24 = {instancePath:instancePath+"/key",schemaPath:"#/$defs/ArtifactId/pattern",keyword:"pattern",params:{pattern: "^[!-~]+$"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/key",schemaPath:"#/$defs/ArtifactId/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.definition_version !== undefined){
let data8 = data.definition_version;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err26 = {instancePath:instancePath+"/definition_version",schemaPath:"#/properties/definition_version/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 65535 || isNaN(data8)){
const err27 = {instancePath:instancePath+"/definition_version",schemaPath:"#/properties/definition_version/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data8 < 1 || isNaN(data8)){
const err28 = {instancePath:instancePath+"/definition_version",schemaPath:"#/properties/definition_version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
if(data.builtin_version !== undefined){
let data9 = data.builtin_version;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err29 = {instancePath:instancePath+"/builtin_version",schemaPath:"#/properties/builtin_version/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 65535 || isNaN(data9)){
const err30 = {instancePath:instancePath+"/builtin_version",schemaPath:"#/properties/builtin_version/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data9 < 1 || isNaN(data9)){
const err31 = {instancePath:instancePath+"/builtin_version",schemaPath:"#/properties/builtin_version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
if(data.selection !== undefined){
let data10 = data.selection;
if(typeof data10 !== "string"){
const err32 = {instancePath:instancePath+"/selection",schemaPath:"#/properties/selection/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(!((data10 === "built_in") || (data10 === "artifact"))){
const err33 = {instancePath:instancePath+"/selection",schemaPath:"#/properties/selection/enum",keyword:"enum",params:{allowedValues: schema46.properties.selection.enum}};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.selected_version !== undefined){
let data11 = data.selected_version;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err34 = {instancePath:instancePath+"/selected_version",schemaPath:"#/properties/selected_version/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 2147483647 || isNaN(data11)){
const err35 = {instancePath:instancePath+"/selected_version",schemaPath:"#/properties/selected_version/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647}};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data11 < 1 || isNaN(data11)){
const err36 = {instancePath:instancePath+"/selected_version",schemaPath:"#/properties/selected_version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
if(data.compiled_digest !== undefined){
let data12 = data.compiled_digest;
if(typeof data12 === "string"){
if(!pattern6.test(data12)){
const err37 = {instancePath:instancePath+"/compiled_digest",schemaPath:"#/$defs/Sha256Digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"}};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/compiled_digest",schemaPath:"#/$defs/Sha256Digest/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.artifact_address !== undefined){
let data13 = data.artifact_address;
const _errs36 = errors;
let valid13 = false;
const _errs37 = errors;
if(!(validate28(data13, {instancePath:instancePath+"/artifact_address",parentData:data,parentDataProperty:"artifact_address",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
var _valid2 = _errs37 === errors;
valid13 = valid13 || _valid2;
const _errs38 = errors;
if(data13 !== null){
const err39 = {instancePath:instancePath+"/artifact_address",schemaPath:"#/properties/artifact_address/anyOf/1/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid2 = _errs38 === errors;
valid13 = valid13 || _valid2;
if(!valid13){
const err40 = {instancePath:instancePath+"/artifact_address",schemaPath:"#/properties/artifact_address/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
else {
errors = _errs36;
if(vErrors !== null){
if(_errs36){
vErrors.length = _errs36;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err41 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
validate27.errors = vErrors;
return errors === 0;
}
validate27.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.model === undefined) && (missing0 = "model")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.model !== undefined){
if(data.model !== null){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs6 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.prompt !== undefined){
if(data.prompt !== null){
const err2 = {instancePath:instancePath+"/prompt",schemaPath:"#/allOf/0/then/properties/prompt/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.non_deterministic !== undefined){
if(false !== data.non_deterministic){
const err3 = {instancePath:instancePath+"/non_deterministic",schemaPath:"#/allOf/0/then/properties/non_deterministic/const",keyword:"const",params:{allowedValue: false}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
var _valid0 = _errs6 === errors;
valid1 = _valid0;
if(valid1){
var props0 = {};
props0.prompt = true;
props0.non_deterministic = true;
props0.model = true;
}
}
if(!valid1){
const err4 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs11 = errors;
let valid4 = true;
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.model === undefined) && (missing1 = "model")){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
if(data.model !== undefined){
if(typeof data.model !== "string"){
const err6 = {};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
var _valid1 = _errs12 === errors;
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs15 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.prompt !== undefined){
let data4 = data.prompt;
if(!(data4 && typeof data4 == "object" && !Array.isArray(data4))){
const err7 = {instancePath:instancePath+"/prompt",schemaPath:"#/allOf/1/then/properties/prompt/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.non_deterministic !== undefined){
if(true !== data.non_deterministic){
const err8 = {instancePath:instancePath+"/non_deterministic",schemaPath:"#/allOf/1/then/properties/non_deterministic/const",keyword:"const",params:{allowedValue: true}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
var _valid1 = _errs15 === errors;
valid4 = _valid1;
if(valid4){
var props1 = {};
props1.prompt = true;
props1.non_deterministic = true;
props1.model = true;
}
}
if(!valid4){
const err9 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.config_id === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "config_id"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.policy_id === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "policy_id"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.model === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.effective_settings === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "effective_settings"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.timeout_seconds === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timeout_seconds"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.max_requests === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "max_requests"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.config_digest === undefined){
const err16 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "config_digest"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data.prompt === undefined){
const err17 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prompt"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data.non_deterministic === undefined){
const err18 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "non_deterministic"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema42.properties, key0))){
const err19 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.config_id !== undefined){
let data6 = data.config_id;
if(typeof data6 === "string"){
if(!pattern6.test(data6)){
const err20 = {instancePath:instancePath+"/config_id",schemaPath:"#/$defs/Sha256Digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/config_id",schemaPath:"#/$defs/Sha256Digest/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.policy_id !== undefined){
let data7 = data.policy_id;
if(typeof data7 === "string"){
if(func1(data7) > 128){
const err22 = {instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/maxLength",keyword:"maxLength",params:{limit: 128}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(func1(data7) < 1){
const err23 = {instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!pattern9.test(data7)){
const err24 = {instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9._-]*$"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.model !== undefined){
let data8 = data.model;
const _errs26 = errors;
let valid9 = false;
const _errs27 = errors;
if(typeof data8 === "string"){
if(func1(data8) > 200){
const err26 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 200}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(func1(data8) < 3){
const err27 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/anyOf/0/minLength",keyword:"minLength",params:{limit: 3}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(!pattern10.test(data8)){
const err28 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._-]+/[!-~]+$"}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/anyOf/0/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
var _valid2 = _errs27 === errors;
valid9 = valid9 || _valid2;
const _errs29 = errors;
if(data8 !== null){
const err30 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/anyOf/1/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var _valid2 = _errs29 === errors;
valid9 = valid9 || _valid2;
if(!valid9){
const err31 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
else {
errors = _errs26;
if(vErrors !== null){
if(_errs26){
vErrors.length = _errs26;
}
else {
vErrors = null;
}
}
}
}
if(data.effective_settings !== undefined){
let data9 = data.effective_settings;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.allowlist === undefined){
const err32 = {instancePath:instancePath+"/effective_settings",schemaPath:"#/$defs/RerankSettings/required",keyword:"required",params:{missingProperty: "allowlist"}};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
for(const key1 in data9){
if(!(func3.call(schema44.properties, key1))){
const err33 = {instancePath:instancePath+"/effective_settings",schemaPath:"#/$defs/RerankSettings/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1}};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data9.allowlist !== undefined){
let data10 = data9.allowlist;
if(typeof data10 !== "string"){
const err34 = {instancePath:instancePath+"/effective_settings/allowlist",schemaPath:"#/$defs/RerankSettings/properties/allowlist/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if("pcreceipt.rerank-settings.v1" !== data10){
const err35 = {instancePath:instancePath+"/effective_settings/allowlist",schemaPath:"#/$defs/RerankSettings/properties/allowlist/const",keyword:"const",params:{allowedValue: "pcreceipt.rerank-settings.v1"}};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data9.temperature !== undefined){
let data11 = data9.temperature;
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 > 2 || isNaN(data11)){
const err36 = {instancePath:instancePath+"/effective_settings/temperature",schemaPath:"#/$defs/RerankSettings/properties/temperature/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2}};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data11 < 0 || isNaN(data11)){
const err37 = {instancePath:instancePath+"/effective_settings/temperature",schemaPath:"#/$defs/RerankSettings/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/effective_settings/temperature",schemaPath:"#/$defs/RerankSettings/properties/temperature/type",keyword:"type",params:{type: "number"}};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data9.top_p !== undefined){
let data12 = data9.top_p;
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 > 1 || isNaN(data12)){
const err39 = {instancePath:instancePath+"/effective_settings/top_p",schemaPath:"#/$defs/RerankSettings/properties/top_p/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1}};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data12 <= 0 || isNaN(data12)){
const err40 = {instancePath:instancePath+"/effective_settings/top_p",schemaPath:"#/$defs/RerankSettings/properties/top_p/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0}};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/effective_settings/top_p",schemaPath:"#/$defs/RerankSettings/properties/top_p/type",keyword:"type",params:{type: "number"}};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data9.max_tokens !== undefined){
let data13 = data9.max_tokens;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err42 = {instancePath:instancePath+"/effective_settings/max_tokens",schemaPath:"#/$defs/RerankSettings/properties/max_tokens/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 > 131072 || isNaN(data13)){
const err43 = {instancePath:instancePath+"/effective_settings/max_tokens",schemaPath:"#/$defs/RerankSettings/properties/max_tokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 131072}};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data13 < 1 || isNaN(data13)){
const err44 = {instancePath:instancePath+"/effective_settings/max_tokens",schemaPath:"#/$defs/RerankSettings/properties/max_tokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
if(data9.seed !== undefined){
let data14 = data9.seed;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err45 = {instancePath:instancePath+"/effective_settings/seed",schemaPath:"#/$defs/RerankSettings/properties/seed/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 > 4294967295 || isNaN(data14)){
const err46 = {instancePath:instancePath+"/effective_settings/seed",schemaPath:"#/$defs/RerankSettings/properties/seed/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4294967295}};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(data14 < 0 || isNaN(data14)){
const err47 = {instancePath:instancePath+"/effective_settings/seed",schemaPath:"#/$defs/RerankSettings/properties/seed/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
if(data9.candidate_limit !== undefined){
let data15 = data9.candidate_limit;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err48 = {instancePath:instancePath+"/effective_settings/candidate_limit",schemaPath:"#/$defs/RerankSettings/properties/candidate_limit/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 > 256 || isNaN(data15)){
const err49 = {instancePath:instancePath+"/effective_settings/candidate_limit",schemaPath:"#/$defs/RerankSettings/properties/candidate_limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 256}};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data15 < 1 || isNaN(data15)){
const err50 = {instancePath:instancePath+"/effective_settings/candidate_limit",schemaPath:"#/$defs/RerankSettings/properties/candidate_limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
if(data9.keep !== undefined){
let data16 = data9.keep;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err51 = {instancePath:instancePath+"/effective_settings/keep",schemaPath:"#/$defs/RerankSettings/properties/keep/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 > 256 || isNaN(data16)){
const err52 = {instancePath:instancePath+"/effective_settings/keep",schemaPath:"#/$defs/RerankSettings/properties/keep/maximum",keyword:"maximum",params:{comparison: "<=", limit: 256}};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data16 < 1 || isNaN(data16)){
const err53 = {instancePath:instancePath+"/effective_settings/keep",schemaPath:"#/$defs/RerankSettings/properties/keep/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
if(data9.response_format !== undefined){
let data17 = data9.response_format;
if(typeof data17 !== "string"){
const err54 = {instancePath:instancePath+"/effective_settings/response_format",schemaPath:"#/$defs/RerankSettings/properties/response_format/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(!((data17 === "text") || (data17 === "json_object"))){
const err55 = {instancePath:instancePath+"/effective_settings/response_format",schemaPath:"#/$defs/RerankSettings/properties/response_format/enum",keyword:"enum",params:{allowedValues: schema44.properties.response_format.enum}};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data9.on_failure !== undefined){
let data18 = data9.on_failure;
if(typeof data18 !== "string"){
const err56 = {instancePath:instancePath+"/effective_settings/on_failure",schemaPath:"#/$defs/RerankSettings/properties/on_failure/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(!((data18 === "coarse_order") || (data18 === "drop_family"))){
const err57 = {instancePath:instancePath+"/effective_settings/on_failure",schemaPath:"#/$defs/RerankSettings/properties/on_failure/enum",keyword:"enum",params:{allowedValues: schema44.properties.on_failure.enum}};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data9.algorithm_version !== undefined){
let data19 = data9.algorithm_version;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err58 = {instancePath:instancePath+"/effective_settings/algorithm_version",schemaPath:"#/$defs/RerankSettings/properties/algorithm_version/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 > 65535 || isNaN(data19)){
const err59 = {instancePath:instancePath+"/effective_settings/algorithm_version",schemaPath:"#/$defs/RerankSettings/properties/algorithm_version/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535}};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data19 < 1 || isNaN(data19)){
const err60 = {instancePath:instancePath+"/effective_settings/algorithm_version",schemaPath:"#/$defs/RerankSettings/properties/algorithm_version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
}
else {
const err61 = {instancePath:instancePath+"/effective_settings",schemaPath:"#/$defs/RerankSettings/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data.timeout_seconds !== undefined){
let data20 = data.timeout_seconds;
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 > 600 || isNaN(data20)){
const err62 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/maximum",keyword:"maximum",params:{comparison: "<=", limit: 600}};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data20 <= 0 || isNaN(data20)){
const err63 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0}};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
else {
const err64 = {instancePath:instancePath+"/timeout_seconds",schemaPath:"#/properties/timeout_seconds/type",keyword:"type",params:{type: "number"}};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data.max_requests !== undefined){
let data21 = data.max_requests;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err65 = {instancePath:instancePath+"/max_requests",schemaPath:"#/properties/max_requests/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 > 1000 || isNaN(data21)){
const err66 = {instancePath:instancePath+"/max_requests",schemaPath:"#/properties/max_requests/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000}};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(data21 < 1 || isNaN(data21)){
const err67 = {instancePath:instancePath+"/max_requests",schemaPath:"#/properties/max_requests/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
}
if(data.config_digest !== undefined){
let data22 = data.config_digest;
if(typeof data22 === "string"){
if(!pattern6.test(data22)){
const err68 = {instancePath:instancePath+"/config_digest",schemaPath:"#/$defs/Sha256Digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"}};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/config_digest",schemaPath:"#/$defs/Sha256Digest/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data.prompt !== undefined){
let data23 = data.prompt;
const _errs63 = errors;
let valid13 = false;
const _errs64 = errors;
if(!(validate27(data23, {instancePath:instancePath+"/prompt",parentData:data,parentDataProperty:"prompt",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate27.errors : vErrors.concat(validate27.errors);
errors = vErrors.length;
}
var _valid3 = _errs64 === errors;
valid13 = valid13 || _valid3;
const _errs65 = errors;
if(data23 !== null){
const err70 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/anyOf/1/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
var _valid3 = _errs65 === errors;
valid13 = valid13 || _valid3;
if(!valid13){
const err71 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
else {
errors = _errs63;
if(vErrors !== null){
if(_errs63){
vErrors.length = _errs63;
}
else {
vErrors = null;
}
}
}
}
if(data.non_deterministic !== undefined){
if(typeof data.non_deterministic !== "boolean"){
const err72 = {instancePath:instancePath+"/non_deterministic",schemaPath:"#/properties/non_deterministic/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
}
else {
const err73 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema56 = {"type":"object","additionalProperties":false,"required":["round","config_id","outcome","fallback_reason","count"],"properties":{"round":{"type":"integer","minimum":0,"maximum":2},"config_id":{"$ref":"#/$defs/Sha256Digest"},"outcome":{"type":"string","enum":["selected","fallback","failed"]},"fallback_reason":{"type":"string","enum":["none","empty_selection","inference_unavailable","inference_timeout","invalid_output"]},"count":{"type":"integer","minimum":1,"maximum":65535}},"allOf":[{"if":{"properties":{"outcome":{"const":"selected"}},"required":["outcome"]},"then":{"properties":{"fallback_reason":{"const":"none"}}}},{"if":{"properties":{"outcome":{"enum":["fallback","failed"]}},"required":["outcome"]},"then":{"properties":{"fallback_reason":{"not":{"const":"none"}}}}}]};

function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate34.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.outcome === undefined) && (missing0 = "outcome")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.outcome !== undefined){
if("selected" !== data.outcome){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.fallback_reason !== undefined){
if("none" !== data.fallback_reason){
const err2 = {instancePath:instancePath+"/fallback_reason",schemaPath:"#/allOf/0/then/properties/fallback_reason/const",keyword:"const",params:{allowedValue: "none"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
if(valid1){
var props0 = {};
props0.fallback_reason = true;
props0.outcome = true;
}
}
if(!valid1){
const err3 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
const _errs8 = errors;
let valid4 = true;
const _errs9 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.outcome === undefined) && (missing1 = "outcome")){
const err4 = {};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
else {
if(data.outcome !== undefined){
let data2 = data.outcome;
if(!((data2 === "fallback") || (data2 === "failed"))){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
}
var _valid1 = _errs9 === errors;
errors = _errs8;
if(vErrors !== null){
if(_errs8){
vErrors.length = _errs8;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.fallback_reason !== undefined){
const _errs13 = errors;
const _errs14 = errors;
if("none" !== data.fallback_reason){
const err6 = {};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var valid7 = _errs14 === errors;
if(valid7){
const err7 = {instancePath:instancePath+"/fallback_reason",schemaPath:"#/allOf/1/then/properties/fallback_reason/not",keyword:"not",params:{}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs13;
if(vErrors !== null){
if(_errs13){
vErrors.length = _errs13;
}
else {
vErrors = null;
}
}
}
}
}
var _valid1 = _errs11 === errors;
valid4 = _valid1;
if(valid4){
var props1 = {};
props1.fallback_reason = true;
props1.outcome = true;
}
}
if(!valid4){
const err8 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.round === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "round"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.config_id === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "config_id"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.outcome === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outcome"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.fallback_reason === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fallback_reason"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.count === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "count"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "round") || (key0 === "config_id")) || (key0 === "outcome")) || (key0 === "fallback_reason")) || (key0 === "count"))){
const err14 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.round !== undefined){
let data4 = data.round;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err15 = {instancePath:instancePath+"/round",schemaPath:"#/properties/round/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 2 || isNaN(data4)){
const err16 = {instancePath:instancePath+"/round",schemaPath:"#/properties/round/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data4 < 0 || isNaN(data4)){
const err17 = {instancePath:instancePath+"/round",schemaPath:"#/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
if(data.config_id !== undefined){
let data5 = data.config_id;
if(typeof data5 === "string"){
if(!pattern6.test(data5)){
const err18 = {instancePath:instancePath+"/config_id",schemaPath:"#/$defs/Sha256Digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/config_id",schemaPath:"#/$defs/Sha256Digest/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.outcome !== undefined){
let data6 = data.outcome;
if(typeof data6 !== "string"){
const err20 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!(((data6 === "selected") || (data6 === "fallback")) || (data6 === "failed"))){
const err21 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema56.properties.outcome.enum}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.fallback_reason !== undefined){
let data7 = data.fallback_reason;
if(typeof data7 !== "string"){
const err22 = {instancePath:instancePath+"/fallback_reason",schemaPath:"#/properties/fallback_reason/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(!(((((data7 === "none") || (data7 === "empty_selection")) || (data7 === "inference_unavailable")) || (data7 === "inference_timeout")) || (data7 === "invalid_output"))){
const err23 = {instancePath:instancePath+"/fallback_reason",schemaPath:"#/properties/fallback_reason/enum",keyword:"enum",params:{allowedValues: schema56.properties.fallback_reason.enum}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.count !== undefined){
let data8 = data.count;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err24 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 65535 || isNaN(data8)){
const err25 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data8 < 1 || isNaN(data8)){
const err26 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
}
else {
const err27 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}
validate34.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.rounds === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rounds"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.searches === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "searches"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.rerank_configs === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rerank_configs"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.reranks === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reranks"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "rounds") || (key0 === "searches")) || (key0 === "rerank_configs")) || (key0 === "reranks"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.rounds !== undefined){
let data0 = data.rounds;
if(Array.isArray(data0)){
if(data0.length > 3){
const err5 = {instancePath:instancePath+"/rounds",schemaPath:"#/properties/rounds/maxItems",keyword:"maxItems",params:{limit: 3}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data0.length < 1){
const err6 = {instancePath:instancePath+"/rounds",schemaPath:"#/properties/rounds/minItems",keyword:"minItems",params:{limit: 1}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
const _errs8 = errors;
let valid5 = true;
const _errs9 = errors;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
let missing0;
if((data1.outcome === undefined) && (missing0 = "outcome")){
const err7 = {};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
if(data1.outcome !== undefined){
if("completed" !== data1.outcome){
const err8 = {};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
}
var _valid0 = _errs9 === errors;
errors = _errs8;
if(vErrors !== null){
if(_errs8){
vErrors.length = _errs8;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs11 = errors;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.retained !== undefined){
if(true !== data1.retained){
const err9 = {instancePath:instancePath+"/rounds/" + i0+"/retained",schemaPath:"#/$defs/RecallRound/allOf/0/then/properties/retained/const",keyword:"const",params:{allowedValue: true}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
var _valid0 = _errs11 === errors;
valid5 = _valid0;
if(valid5){
var props0 = {};
props0.retained = true;
props0.outcome = true;
}
}
if(!valid5){
const err10 = {instancePath:instancePath+"/rounds/" + i0,schemaPath:"#/$defs/RecallRound/allOf/0/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const _errs14 = errors;
let valid8 = true;
const _errs15 = errors;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
let missing1;
if((data1.outcome === undefined) && (missing1 = "outcome")){
const err11 = {};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
else {
if(data1.outcome !== undefined){
if("expansion_failed" !== data1.outcome){
const err12 = {};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
}
var _valid1 = _errs15 === errors;
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs17 = errors;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.retained !== undefined){
if(false !== data1.retained){
const err13 = {instancePath:instancePath+"/rounds/" + i0+"/retained",schemaPath:"#/$defs/RecallRound/allOf/1/then/properties/retained/const",keyword:"const",params:{allowedValue: false}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data1.round !== undefined){
let data6 = data1.round;
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 1 || isNaN(data6)){
const err14 = {instancePath:instancePath+"/rounds/" + i0+"/round",schemaPath:"#/$defs/RecallRound/allOf/1/then/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
var _valid1 = _errs17 === errors;
valid8 = _valid1;
if(valid8){
var props1 = {};
props1.retained = true;
props1.round = true;
props1.outcome = true;
}
}
if(!valid8){
const err15 = {instancePath:instancePath+"/rounds/" + i0,schemaPath:"#/$defs/RecallRound/allOf/1/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.round === undefined){
const err16 = {instancePath:instancePath+"/rounds/" + i0,schemaPath:"#/$defs/RecallRound/required",keyword:"required",params:{missingProperty: "round"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data1.outcome === undefined){
const err17 = {instancePath:instancePath+"/rounds/" + i0,schemaPath:"#/$defs/RecallRound/required",keyword:"required",params:{missingProperty: "outcome"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data1.retained === undefined){
const err18 = {instancePath:instancePath+"/rounds/" + i0,schemaPath:"#/$defs/RecallRound/required",keyword:"required",params:{missingProperty: "retained"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
for(const key1 in data1){
if(!(((key1 === "round") || (key1 === "outcome")) || (key1 === "retained"))){
const err19 = {instancePath:instancePath+"/rounds/" + i0,schemaPath:"#/$defs/RecallRound/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data1.round !== undefined){
let data7 = data1.round;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err20 = {instancePath:instancePath+"/rounds/" + i0+"/round",schemaPath:"#/$defs/RecallRound/properties/round/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 > 2 || isNaN(data7)){
const err21 = {instancePath:instancePath+"/rounds/" + i0+"/round",schemaPath:"#/$defs/RecallRound/properties/round/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data7 < 0 || isNaN(data7)){
const err22 = {instancePath:instancePath+"/rounds/" + i0+"/round",schemaPath:"#/$defs/RecallRound/properties/round/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
if(data1.outcome !== undefined){
let data8 = data1.outcome;
if(typeof data8 !== "string"){
const err23 = {instancePath:instancePath+"/rounds/" + i0+"/outcome",schemaPath:"#/$defs/RecallRound/properties/outcome/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!((data8 === "completed") || (data8 === "expansion_failed"))){
const err24 = {instancePath:instancePath+"/rounds/" + i0+"/outcome",schemaPath:"#/$defs/RecallRound/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema38.properties.outcome.enum}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data1.retained !== undefined){
if(typeof data1.retained !== "boolean"){
const err25 = {instancePath:instancePath+"/rounds/" + i0+"/retained",schemaPath:"#/$defs/RecallRound/properties/retained/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/rounds/" + i0,schemaPath:"#/$defs/RecallRound/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/rounds",schemaPath:"#/properties/rounds/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.searches !== undefined){
let data10 = data.searches;
if(Array.isArray(data10)){
if(data10.length > 32){
const err28 = {instancePath:instancePath+"/searches",schemaPath:"#/properties/searches/maxItems",keyword:"maxItems",params:{limit: 32}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const len1 = data10.length;
for(let i1=0; i1<len1; i1++){
if(!(validate24(data10[i1], {instancePath:instancePath+"/searches/" + i1,parentData:data10,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
}
else {
const err29 = {instancePath:instancePath+"/searches",schemaPath:"#/properties/searches/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.rerank_configs !== undefined){
let data12 = data.rerank_configs;
if(Array.isArray(data12)){
if(data12.length > 8){
const err30 = {instancePath:instancePath+"/rerank_configs",schemaPath:"#/properties/rerank_configs/maxItems",keyword:"maxItems",params:{limit: 8}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
const len2 = data12.length;
for(let i2=0; i2<len2; i2++){
if(!(validate26(data12[i2], {instancePath:instancePath+"/rerank_configs/" + i2,parentData:data12,parentDataProperty:i2,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
}
}
else {
const err31 = {instancePath:instancePath+"/rerank_configs",schemaPath:"#/properties/rerank_configs/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.reranks !== undefined){
let data14 = data.reranks;
if(Array.isArray(data14)){
if(data14.length > 32){
const err32 = {instancePath:instancePath+"/reranks",schemaPath:"#/properties/reranks/maxItems",keyword:"maxItems",params:{limit: 32}};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
const len3 = data14.length;
for(let i3=0; i3<len3; i3++){
if(!(validate34(data14[i3], {instancePath:instancePath+"/reranks/" + i3,parentData:data14,parentDataProperty:i3,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate34.errors : vErrors.concat(validate34.errors);
errors = vErrors.length;
}
}
}
else {
const err33 = {instancePath:instancePath+"/reranks",schemaPath:"#/properties/reranks/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema58 = {"type":"object","required":["kind","rendered_bytes","truncated"],"properties":{"kind":{"$ref":"#/$defs/EvidenceFamily"},"rendered_bytes":{"type":"integer","minimum":1,"maximum":32768},"truncated":{"type":"boolean"}},"oneOf":[{"required":["artifact_address"],"properties":{"kind":{"$ref":"#/$defs/HistoryFamily"},"artifact_address":{"$ref":"#/$defs/ArtifactAddress"}}},{"required":["code_evidence"],"properties":{"kind":{"const":"code"},"code_evidence":{"$ref":"#/$defs/CodeEvidenceRef"}}}],"unevaluatedProperties":false};
const schema59 = {"type":"string","enum":["atomic-memory","topic-memory","experience","profile"]};
const schema60 = {"type":"object","additionalProperties":false,"required":["scope_id","fingerprint","path","file_sha256","start_line","end_line","snippet_sha256"],"properties":{"scope_id":{"$ref":"#/$defs/ScopeId"},"fingerprint":{"$ref":"#/$defs/Hex64"},"path":{"$ref":"#/$defs/RepositoryPath"},"file_sha256":{"$ref":"#/$defs/Hex64"},"start_line":{"type":"integer","minimum":1,"maximum":2147483647},"end_line":{"type":"integer","minimum":1,"maximum":2147483647},"snippet_sha256":{"$ref":"#/$defs/Hex64"}}};
const schema62 = {"type":"string","pattern":"^[0-9a-f]{64}$"};
const schema63 = {"type":"string","minLength":1,"maxLength":1024,"pattern":"^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$","not":{"pattern":"(^|/)\\.{1,2}(/|$)"}};
const pattern19 = new RegExp("^[0-9a-f]{64}$", "u");
const pattern20 = new RegExp("(^|/)\\.{1,2}(/|$)", "u");
const pattern21 = new RegExp("^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$", "u");

function validate39(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate39.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.scope_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scope_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.fingerprint === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fingerprint"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.path === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.file_sha256 === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "file_sha256"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.start_line === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "start_line"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.end_line === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "end_line"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.snippet_sha256 === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "snippet_sha256"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "scope_id") || (key0 === "fingerprint")) || (key0 === "path")) || (key0 === "file_sha256")) || (key0 === "start_line")) || (key0 === "end_line")) || (key0 === "snippet_sha256"))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.scope_id !== undefined){
let data0 = data.scope_id;
if(typeof data0 === "string"){
if(func1(data0) > 256){
const err8 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/maxLength",keyword:"maxLength",params:{limit: 256}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func1(data0) < 1){
const err9 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!pattern4.test(data0)){
const err10 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/pattern",keyword:"pattern",params:{pattern: "\\S"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.fingerprint !== undefined){
let data1 = data.fingerprint;
if(typeof data1 === "string"){
if(!pattern19.test(data1)){
const err12 = {instancePath:instancePath+"/fingerprint",schemaPath:"#/$defs/Hex64/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/fingerprint",schemaPath:"#/$defs/Hex64/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.path !== undefined){
let data2 = data.path;
const _errs11 = errors;
const _errs12 = errors;
if(typeof data2 === "string"){
if(!pattern20.test(data2)){
const err14 = {};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var valid4 = _errs12 === errors;
if(valid4){
const err15 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/RepositoryPath/not",keyword:"not",params:{}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
else {
errors = _errs11;
if(vErrors !== null){
if(_errs11){
vErrors.length = _errs11;
}
else {
vErrors = null;
}
}
}
if(typeof data2 === "string"){
if(func1(data2) > 1024){
const err16 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/RepositoryPath/maxLength",keyword:"maxLength",params:{limit: 1024}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(func1(data2) < 1){
const err17 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/RepositoryPath/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!pattern21.test(data2)){
const err18 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/RepositoryPath/pattern",keyword:"pattern",params:{pattern: "^[^/\\\\\\u0000-\\u001f]+(/[^/\\\\\\u0000-\\u001f]+)*$"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/RepositoryPath/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.file_sha256 !== undefined){
let data3 = data.file_sha256;
if(typeof data3 === "string"){
if(!pattern19.test(data3)){
const err20 = {instancePath:instancePath+"/file_sha256",schemaPath:"#/$defs/Hex64/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/file_sha256",schemaPath:"#/$defs/Hex64/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.start_line !== undefined){
let data4 = data.start_line;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err22 = {instancePath:instancePath+"/start_line",schemaPath:"#/properties/start_line/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 2147483647 || isNaN(data4)){
const err23 = {instancePath:instancePath+"/start_line",schemaPath:"#/properties/start_line/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data4 < 1 || isNaN(data4)){
const err24 = {instancePath:instancePath+"/start_line",schemaPath:"#/properties/start_line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
if(data.end_line !== undefined){
let data5 = data.end_line;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err25 = {instancePath:instancePath+"/end_line",schemaPath:"#/properties/end_line/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 2147483647 || isNaN(data5)){
const err26 = {instancePath:instancePath+"/end_line",schemaPath:"#/properties/end_line/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data5 < 1 || isNaN(data5)){
const err27 = {instancePath:instancePath+"/end_line",schemaPath:"#/properties/end_line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
if(data.snippet_sha256 !== undefined){
let data6 = data.snippet_sha256;
if(typeof data6 === "string"){
if(!pattern19.test(data6)){
const err28 = {instancePath:instancePath+"/snippet_sha256",schemaPath:"#/$defs/Hex64/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/snippet_sha256",schemaPath:"#/$defs/Hex64/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
validate39.errors = vErrors;
return errors === 0;
}
validate39.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate37.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = false;
let passing0 = null;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.artifact_address === undefined){
const err0 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "artifact_address"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.kind !== undefined){
let data0 = data.kind;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/HistoryFamily/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(!((((data0 === "atomic-memory") || (data0 === "topic-memory")) || (data0 === "experience")) || (data0 === "profile"))){
const err2 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/HistoryFamily/enum",keyword:"enum",params:{allowedValues: schema59.enum}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.artifact_address !== undefined){
if(!(validate28(data.artifact_address, {instancePath:instancePath+"/artifact_address",parentData:data,parentDataProperty:"artifact_address",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
}
}
var _valid0 = _errs2 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = {};
props0.kind = true;
props0.artifact_address = true;
}
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.code_evidence === undefined){
const err3 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "code_evidence"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.kind !== undefined){
if("code" !== data.kind){
const err4 = {instancePath:instancePath+"/kind",schemaPath:"#/oneOf/1/properties/kind/const",keyword:"const",params:{allowedValue: "code"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.code_evidence !== undefined){
if(!(validate39(data.code_evidence, {instancePath:instancePath+"/code_evidence",parentData:data,parentDataProperty:"code_evidence",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
errors = vErrors.length;
}
}
}
var _valid0 = _errs7 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
props0.code_evidence = true;
}
}
}
if(!valid0){
const err5 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.rendered_bytes === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rendered_bytes"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.truncated === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(props0 !== true){
props0 = props0 || {};
props0.kind = true;
props0.rendered_bytes = true;
props0.truncated = true;
}
if(data.kind !== undefined){
let data4 = data.kind;
if(typeof data4 !== "string"){
const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/EvidenceFamily/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(!(((((data4 === "atomic-memory") || (data4 === "topic-memory")) || (data4 === "experience")) || (data4 === "profile")) || (data4 === "code"))){
const err10 = {instancePath:instancePath+"/kind",schemaPath:"#/$defs/EvidenceFamily/enum",keyword:"enum",params:{allowedValues: schema40.enum}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.rendered_bytes !== undefined){
let data5 = data.rendered_bytes;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err11 = {instancePath:instancePath+"/rendered_bytes",schemaPath:"#/properties/rendered_bytes/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 32768 || isNaN(data5)){
const err12 = {instancePath:instancePath+"/rendered_bytes",schemaPath:"#/properties/rendered_bytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 32768}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data5 < 1 || isNaN(data5)){
const err13 = {instancePath:instancePath+"/rendered_bytes",schemaPath:"#/properties/rendered_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.truncated !== undefined){
if(typeof data.truncated !== "boolean"){
const err14 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(props0 !== true){
for(const key0 in data){
if(!props0 || !props0[key0]){
const err15 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key0}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
}
else {
const err16 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
validate37.errors = vErrors;
return errors === 0;
}
validate37.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema67 = {"type":"object","additionalProperties":false,"required":["family","reason","count"],"properties":{"family":{"$ref":"#/$defs/EvidenceFamily"},"reason":{"$ref":"#/$defs/OmissionReason"},"count":{"type":"integer","minimum":1,"maximum":65535}},"if":{"properties":{"reason":{"const":"not_retrieved"}},"required":["reason"]},"then":{"properties":{"count":{"const":1}}}};
const schema69 = {"type":"string","enum":["duplicate","blank","family_limit","entry_limit","below_min_bytes","no_fitting_truncation","rerank_not_selected","not_retrieved"]};

function validate42(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate42.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = true;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.reason === undefined) && (missing0 = "reason")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.reason !== undefined){
if("not_retrieved" !== data.reason){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs2 === errors;
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.count !== undefined){
if(1 !== data.count){
const err2 = {instancePath:instancePath+"/count",schemaPath:"#/then/properties/count/const",keyword:"const",params:{allowedValue: 1}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
var _valid0 = _errs4 === errors;
valid0 = _valid0;
if(valid0){
var props0 = {};
props0.count = true;
props0.reason = true;
}
}
if(!valid0){
const err3 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.family === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "family"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.reason === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reason"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.count === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "count"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "family") || (key0 === "reason")) || (key0 === "count"))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.family !== undefined){
let data2 = data.family;
if(typeof data2 !== "string"){
const err8 = {instancePath:instancePath+"/family",schemaPath:"#/$defs/EvidenceFamily/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!(((((data2 === "atomic-memory") || (data2 === "topic-memory")) || (data2 === "experience")) || (data2 === "profile")) || (data2 === "code"))){
const err9 = {instancePath:instancePath+"/family",schemaPath:"#/$defs/EvidenceFamily/enum",keyword:"enum",params:{allowedValues: schema40.enum}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.reason !== undefined){
let data3 = data.reason;
if(typeof data3 !== "string"){
const err10 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/OmissionReason/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!((((((((data3 === "duplicate") || (data3 === "blank")) || (data3 === "family_limit")) || (data3 === "entry_limit")) || (data3 === "below_min_bytes")) || (data3 === "no_fitting_truncation")) || (data3 === "rerank_not_selected")) || (data3 === "not_retrieved"))){
const err11 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/OmissionReason/enum",keyword:"enum",params:{allowedValues: schema69.enum}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.count !== undefined){
let data4 = data.count;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err12 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 65535 || isNaN(data4)){
const err13 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data4 < 1 || isNaN(data4)){
const err14 = {instancePath:instancePath+"/count",schemaPath:"#/properties/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
else {
const err15 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
validate42.errors = vErrors;
return errors === 0;
}
validate42.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.receipt_id === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "receipt_id"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.policy_id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "policy_id"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.query_digest === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "query_digest"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.content_digest === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content_digest"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.requested_max_bytes === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requested_max_bytes"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.used_bytes === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "used_bytes"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.truncated === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "truncated"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.non_deterministic === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "non_deterministic"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.retrieval === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "retrieval"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.selected === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "selected"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.omitted === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "omitted"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.stages === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "stages"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
for(const key0 in data){
if(!(func3.call(schema34.properties, key0))){
const err13 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.schema !== undefined){
let data0 = data.schema;
if(typeof data0 !== "string"){
const err14 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if("powercontext.prepared-context-receipt.v1" !== data0){
const err15 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: "powercontext.prepared-context-receipt.v1"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.receipt_id !== undefined){
let data1 = data.receipt_id;
if(typeof data1 === "string"){
if(!pattern5.test(data1)){
const err16 = {instancePath:instancePath+"/receipt_id",schemaPath:"#/properties/receipt_id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/receipt_id",schemaPath:"#/properties/receipt_id/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.policy_id !== undefined){
let data2 = data.policy_id;
if(typeof data2 !== "string"){
const err18 = {instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if("powercontext.prepared-context-receipt.v1" !== data2){
const err19 = {instancePath:instancePath+"/policy_id",schemaPath:"#/properties/policy_id/const",keyword:"const",params:{allowedValue: "powercontext.prepared-context-receipt.v1"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.query_digest !== undefined){
let data3 = data.query_digest;
if(typeof data3 === "string"){
if(!pattern6.test(data3)){
const err20 = {instancePath:instancePath+"/query_digest",schemaPath:"#/$defs/Sha256Digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/query_digest",schemaPath:"#/$defs/Sha256Digest/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.content_digest !== undefined){
let data4 = data.content_digest;
const _errs12 = errors;
let valid2 = false;
const _errs13 = errors;
if(typeof data4 === "string"){
if(!pattern6.test(data4)){
const err22 = {instancePath:instancePath+"/content_digest",schemaPath:"#/$defs/Sha256Digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/content_digest",schemaPath:"#/$defs/Sha256Digest/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid0 = _errs13 === errors;
valid2 = valid2 || _valid0;
const _errs16 = errors;
if(data4 !== null){
const err24 = {instancePath:instancePath+"/content_digest",schemaPath:"#/properties/content_digest/anyOf/1/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var _valid0 = _errs16 === errors;
valid2 = valid2 || _valid0;
if(!valid2){
const err25 = {instancePath:instancePath+"/content_digest",schemaPath:"#/properties/content_digest/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
else {
errors = _errs12;
if(vErrors !== null){
if(_errs12){
vErrors.length = _errs12;
}
else {
vErrors = null;
}
}
}
}
if(data.requested_max_bytes !== undefined){
let data5 = data.requested_max_bytes;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err26 = {instancePath:instancePath+"/requested_max_bytes",schemaPath:"#/properties/requested_max_bytes/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 > 32768 || isNaN(data5)){
const err27 = {instancePath:instancePath+"/requested_max_bytes",schemaPath:"#/properties/requested_max_bytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 32768}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data5 < 512 || isNaN(data5)){
const err28 = {instancePath:instancePath+"/requested_max_bytes",schemaPath:"#/properties/requested_max_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 512}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
if(data.used_bytes !== undefined){
let data6 = data.used_bytes;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err29 = {instancePath:instancePath+"/used_bytes",schemaPath:"#/properties/used_bytes/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 32768 || isNaN(data6)){
const err30 = {instancePath:instancePath+"/used_bytes",schemaPath:"#/properties/used_bytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 32768}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data6 < 0 || isNaN(data6)){
const err31 = {instancePath:instancePath+"/used_bytes",schemaPath:"#/properties/used_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
if(data.truncated !== undefined){
if(typeof data.truncated !== "boolean"){
const err32 = {instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.non_deterministic !== undefined){
if(typeof data.non_deterministic !== "boolean"){
const err33 = {instancePath:instancePath+"/non_deterministic",schemaPath:"#/properties/non_deterministic/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.retrieval !== undefined){
if(!(validate23(data.retrieval, {instancePath:instancePath+"/retrieval",parentData:data,parentDataProperty:"retrieval",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
}
if(data.selected !== undefined){
let data10 = data.selected;
if(Array.isArray(data10)){
if(data10.length > 32){
const err34 = {instancePath:instancePath+"/selected",schemaPath:"#/properties/selected/maxItems",keyword:"maxItems",params:{limit: 32}};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
const len0 = data10.length;
for(let i0=0; i0<len0; i0++){
if(!(validate37(data10[i0], {instancePath:instancePath+"/selected/" + i0,parentData:data10,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
}
}
else {
const err35 = {instancePath:instancePath+"/selected",schemaPath:"#/properties/selected/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.omitted !== undefined){
let data12 = data.omitted;
if(Array.isArray(data12)){
if(data12.length > 16){
const err36 = {instancePath:instancePath+"/omitted",schemaPath:"#/properties/omitted/maxItems",keyword:"maxItems",params:{limit: 16}};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
const len1 = data12.length;
for(let i1=0; i1<len1; i1++){
if(!(validate42(data12[i1], {instancePath:instancePath+"/omitted/" + i1,parentData:data12,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate42.errors : vErrors.concat(validate42.errors);
errors = vErrors.length;
}
}
}
else {
const err37 = {instancePath:instancePath+"/omitted",schemaPath:"#/properties/omitted/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.stages !== undefined){
let data14 = data.stages;
if(Array.isArray(data14)){
if(data14.length > 8){
const err38 = {instancePath:instancePath+"/stages",schemaPath:"#/properties/stages/maxItems",keyword:"maxItems",params:{limit: 8}};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
const len2 = data14.length;
for(let i2=0; i2<len2; i2++){
let data15 = data14[i2];
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.stage === undefined){
const err39 = {instancePath:instancePath+"/stages/" + i2,schemaPath:"#/$defs/StageTiming/required",keyword:"required",params:{missingProperty: "stage"}};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data15.duration_ms === undefined){
const err40 = {instancePath:instancePath+"/stages/" + i2,schemaPath:"#/$defs/StageTiming/required",keyword:"required",params:{missingProperty: "duration_ms"}};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(data15.count === undefined){
const err41 = {instancePath:instancePath+"/stages/" + i2,schemaPath:"#/$defs/StageTiming/required",keyword:"required",params:{missingProperty: "count"}};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
for(const key1 in data15){
if(!(((key1 === "stage") || (key1 === "duration_ms")) || (key1 === "count"))){
const err42 = {instancePath:instancePath+"/stages/" + i2,schemaPath:"#/$defs/StageTiming/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1}};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data15.stage !== undefined){
let data16 = data15.stage;
if(typeof data16 === "string"){
if(func1(data16) > 64){
const err43 = {instancePath:instancePath+"/stages/" + i2+"/stage",schemaPath:"#/$defs/StageTiming/properties/stage/maxLength",keyword:"maxLength",params:{limit: 64}};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(func1(data16) < 3){
const err44 = {instancePath:instancePath+"/stages/" + i2+"/stage",schemaPath:"#/$defs/StageTiming/properties/stage/minLength",keyword:"minLength",params:{limit: 3}};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(!pattern24.test(data16)){
const err45 = {instancePath:instancePath+"/stages/" + i2+"/stage",schemaPath:"#/$defs/StageTiming/properties/stage/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$"}};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/stages/" + i2+"/stage",schemaPath:"#/$defs/StageTiming/properties/stage/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data15.duration_ms !== undefined){
let data17 = data15.duration_ms;
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err47 = {instancePath:instancePath+"/stages/" + i2+"/duration_ms",schemaPath:"#/$defs/StageTiming/properties/duration_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/stages/" + i2+"/duration_ms",schemaPath:"#/$defs/StageTiming/properties/duration_ms/type",keyword:"type",params:{type: "number"}};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data15.count !== undefined){
let data18 = data15.count;
if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){
const err49 = {instancePath:instancePath+"/stages/" + i2+"/count",schemaPath:"#/$defs/StageTiming/properties/count/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 > 65535 || isNaN(data18)){
const err50 = {instancePath:instancePath+"/stages/" + i2+"/count",schemaPath:"#/$defs/StageTiming/properties/count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535}};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(data18 < 1 || isNaN(data18)){
const err51 = {instancePath:instancePath+"/stages/" + i2+"/count",schemaPath:"#/$defs/StageTiming/properties/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
}
else {
const err52 = {instancePath:instancePath+"/stages/" + i2,schemaPath:"#/$defs/StageTiming/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
}
else {
const err53 = {instancePath:instancePath+"/stages",schemaPath:"#/properties/stages/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
else {
const err54 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.status === undefined) && (missing0 = "status")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.status !== undefined){
if("empty" !== data.status){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.content !== undefined){
if(data.content !== null){
const err2 = {instancePath:instancePath+"/content",schemaPath:"#/allOf/0/then/properties/content/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.content_bytes !== undefined){
if(0 !== data.content_bytes){
const err3 = {instancePath:instancePath+"/content_bytes",schemaPath:"#/allOf/0/then/properties/content_bytes/const",keyword:"const",params:{allowedValue: 0}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.receipt !== undefined){
let data3 = data.receipt;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.content_digest !== undefined){
if(data3.content_digest !== null){
const err4 = {instancePath:instancePath+"/receipt/content_digest",schemaPath:"#/allOf/0/then/properties/receipt/properties/content_digest/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data3.used_bytes !== undefined){
if(0 !== data3.used_bytes){
const err5 = {instancePath:instancePath+"/receipt/used_bytes",schemaPath:"#/allOf/0/then/properties/receipt/properties/used_bytes/const",keyword:"const",params:{allowedValue: 0}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data3.selected !== undefined){
let data6 = data3.selected;
if(Array.isArray(data6)){
if(data6.length > 0){
const err6 = {instancePath:instancePath+"/receipt/selected",schemaPath:"#/allOf/0/then/properties/receipt/properties/selected/maxItems",keyword:"maxItems",params:{limit: 0}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
if(valid1){
var props0 = {};
props0.content = true;
props0.content_bytes = true;
props0.receipt = true;
props0.status = true;
}
}
if(!valid1){
const err7 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
const _errs15 = errors;
let valid5 = true;
const _errs16 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.status === undefined) && (missing1 = "status")){
const err8 = {};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
if(data.status !== undefined){
if("ready" !== data.status){
const err9 = {};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
}
var _valid1 = _errs16 === errors;
errors = _errs15;
if(vErrors !== null){
if(_errs15){
vErrors.length = _errs15;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs18 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.content !== undefined){
let data8 = data.content;
if(typeof data8 === "string"){
if(func1(data8) < 1){
const err10 = {instancePath:instancePath+"/content",schemaPath:"#/allOf/1/then/properties/content/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!pattern4.test(data8)){
const err11 = {instancePath:instancePath+"/content",schemaPath:"#/allOf/1/then/properties/content/pattern",keyword:"pattern",params:{pattern: "\\S"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/content",schemaPath:"#/allOf/1/then/properties/content/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.content_bytes !== undefined){
let data9 = data.content_bytes;
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 1 || isNaN(data9)){
const err13 = {instancePath:instancePath+"/content_bytes",schemaPath:"#/allOf/1/then/properties/content_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.receipt !== undefined){
let data10 = data.receipt;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.content_digest !== undefined){
if(typeof data10.content_digest !== "string"){
const err14 = {instancePath:instancePath+"/receipt/content_digest",schemaPath:"#/allOf/1/then/properties/receipt/properties/content_digest/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data10.selected !== undefined){
let data12 = data10.selected;
if(Array.isArray(data12)){
if(data12.length < 1){
const err15 = {instancePath:instancePath+"/receipt/selected",schemaPath:"#/allOf/1/then/properties/receipt/properties/selected/minItems",keyword:"minItems",params:{limit: 1}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
}
}
}
var _valid1 = _errs18 === errors;
valid5 = _valid1;
if(valid5){
var props1 = {};
props1.content = true;
props1.content_bytes = true;
props1.receipt = true;
props1.status = true;
}
}
if(!valid5){
const err16 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schema === undefined){
const err17 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data.status === undefined){
const err18 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data.content === undefined){
const err19 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data.content_bytes === undefined){
const err20 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content_bytes"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "schema") || (key0 === "status")) || (key0 === "content")) || (key0 === "content_bytes")) || (key0 === "reason")) || (key0 === "receipt"))){
const err21 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.schema !== undefined){
let data13 = data.schema;
if(typeof data13 !== "string"){
const err22 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if("powercontext.prepared-context.v1" !== data13){
const err23 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: "powercontext.prepared-context.v1"}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.status !== undefined){
let data14 = data.status;
if(typeof data14 !== "string"){
const err24 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(!((data14 === "ready") || (data14 === "empty"))){
const err25 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema32.properties.status.enum}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.content !== undefined){
let data15 = data.content;
if((typeof data15 !== "string") && (data15 !== null)){
const err26 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: schema32.properties.content.type}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(typeof data15 === "string"){
if(func1(data15) > 32768){
const err27 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/maxLength",keyword:"maxLength",params:{limit: 32768}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
if(data.content_bytes !== undefined){
let data16 = data.content_bytes;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err28 = {instancePath:instancePath+"/content_bytes",schemaPath:"#/properties/content_bytes/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 > 32768 || isNaN(data16)){
const err29 = {instancePath:instancePath+"/content_bytes",schemaPath:"#/properties/content_bytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 32768}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data16 < 0 || isNaN(data16)){
const err30 = {instancePath:instancePath+"/content_bytes",schemaPath:"#/properties/content_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
if(data.reason !== undefined){
let data17 = data.reason;
if(typeof data17 !== "string"){
const err31 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/DegradationReason/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(!((data17 === "inference_timeout") || (data17 === "inference_unavailable"))){
const err32 = {instancePath:instancePath+"/reason",schemaPath:"#/$defs/DegradationReason/enum",keyword:"enum",params:{allowedValues: schema33.enum}};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.receipt !== undefined){
if(!(validate22(data.receipt, {instancePath:instancePath+"/receipt",parentData:data,parentDataProperty:"receipt",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
errors = vErrors.length;
}
}
}
else {
const err33 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const PrepareContextRequest = validate45;
const schema71 = {"type":"object","additionalProperties":false,"required":["scope_id","query"],"properties":{"scope_id":{"$ref":"#/$defs/ScopeId"},"query":{"type":"string","minLength":1,"maxLength":8192,"pattern":"\\S"},"max_bytes":{"type":"integer","minimum":512,"maximum":32768},"include_code":{"type":"boolean"},"explain":{"type":"boolean"},"assembly":{"$ref":"#/$defs/ContextAssembly"},"include_receipt":{"type":["boolean","null"]},"bootstrap_receipt_id":{"anyOf":[{"type":"string","minLength":1,"maxLength":64,"pattern":"^[\\x21-\\x7E]+$"},{"type":"null"}]}}};
const pattern27 = new RegExp("^[\\x21-\\x7E]+$", "u");
const schema73 = {"type":"object","additionalProperties":false,"properties":{"format":{"type":"string","const":"markdown"},"sections":{"type":"array","maxItems":4,"items":{"$ref":"#/$defs/AssemblySection"}},"show":{"type":"array","maxItems":2,"uniqueItems":true,"items":{"type":"string","enum":["confidence","recall_rank"]}}}};
const schema74 = {"type":"object","additionalProperties":false,"required":["family","limit"],"properties":{"family":{"type":"string","enum":["memory","topic-memory","experience","profile"]},"limit":{"type":"integer","minimum":1,"maximum":8}},"if":{"properties":{"family":{"const":"experience"}},"required":["family"]},"then":{"properties":{"limit":{"maximum":2}}}};

function validate46(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate46.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(((key0 === "format") || (key0 === "sections")) || (key0 === "show"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.format !== undefined){
let data0 = data.format;
if(typeof data0 !== "string"){
const err1 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if("markdown" !== data0){
const err2 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/const",keyword:"const",params:{allowedValue: "markdown"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.sections !== undefined){
let data1 = data.sections;
if(Array.isArray(data1)){
if(data1.length > 4){
const err3 = {instancePath:instancePath+"/sections",schemaPath:"#/properties/sections/maxItems",keyword:"maxItems",params:{limit: 4}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs9 = errors;
let valid4 = true;
const _errs10 = errors;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing0;
if((data2.family === undefined) && (missing0 = "family")){
const err4 = {};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
else {
if(data2.family !== undefined){
if("experience" !== data2.family){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
}
var _valid0 = _errs10 === errors;
errors = _errs9;
if(vErrors !== null){
if(_errs9){
vErrors.length = _errs9;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs12 = errors;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.limit !== undefined){
let data4 = data2.limit;
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 > 2 || isNaN(data4)){
const err6 = {instancePath:instancePath+"/sections/" + i0+"/limit",schemaPath:"#/$defs/AssemblySection/then/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
var _valid0 = _errs12 === errors;
valid4 = _valid0;
if(valid4){
var props0 = {};
props0.limit = true;
props0.family = true;
}
}
if(!valid4){
const err7 = {instancePath:instancePath+"/sections/" + i0,schemaPath:"#/$defs/AssemblySection/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.family === undefined){
const err8 = {instancePath:instancePath+"/sections/" + i0,schemaPath:"#/$defs/AssemblySection/required",keyword:"required",params:{missingProperty: "family"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2.limit === undefined){
const err9 = {instancePath:instancePath+"/sections/" + i0,schemaPath:"#/$defs/AssemblySection/required",keyword:"required",params:{missingProperty: "limit"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key1 in data2){
if(!((key1 === "family") || (key1 === "limit"))){
const err10 = {instancePath:instancePath+"/sections/" + i0,schemaPath:"#/$defs/AssemblySection/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data2.family !== undefined){
let data5 = data2.family;
if(typeof data5 !== "string"){
const err11 = {instancePath:instancePath+"/sections/" + i0+"/family",schemaPath:"#/$defs/AssemblySection/properties/family/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(!((((data5 === "memory") || (data5 === "topic-memory")) || (data5 === "experience")) || (data5 === "profile"))){
const err12 = {instancePath:instancePath+"/sections/" + i0+"/family",schemaPath:"#/$defs/AssemblySection/properties/family/enum",keyword:"enum",params:{allowedValues: schema74.properties.family.enum}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data2.limit !== undefined){
let data6 = data2.limit;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err13 = {instancePath:instancePath+"/sections/" + i0+"/limit",schemaPath:"#/$defs/AssemblySection/properties/limit/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 > 8 || isNaN(data6)){
const err14 = {instancePath:instancePath+"/sections/" + i0+"/limit",schemaPath:"#/$defs/AssemblySection/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 8}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data6 < 1 || isNaN(data6)){
const err15 = {instancePath:instancePath+"/sections/" + i0+"/limit",schemaPath:"#/$defs/AssemblySection/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
}
else {
const err16 = {instancePath:instancePath+"/sections/" + i0,schemaPath:"#/$defs/AssemblySection/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/sections",schemaPath:"#/properties/sections/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.show !== undefined){
let data7 = data.show;
if(Array.isArray(data7)){
if(data7.length > 2){
const err18 = {instancePath:instancePath+"/show",schemaPath:"#/properties/show/maxItems",keyword:"maxItems",params:{limit: 2}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
if(typeof data8 !== "string"){
const err19 = {instancePath:instancePath+"/show/" + i1,schemaPath:"#/properties/show/items/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!((data8 === "confidence") || (data8 === "recall_rank"))){
const err20 = {instancePath:instancePath+"/show/" + i1,schemaPath:"#/properties/show/items/enum",keyword:"enum",params:{allowedValues: schema73.properties.show.items.enum}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
let i2 = data7.length;
let j0;
if(i2 > 1){
const indices0 = {};
for(;i2--;){
let item0 = data7[i2];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err21 = {instancePath:instancePath+"/show",schemaPath:"#/properties/show/uniqueItems",keyword:"uniqueItems",params:{i: i2, j: j0}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
break;
}
indices0[item0] = i2;
}
}
}
else {
const err22 = {instancePath:instancePath+"/show",schemaPath:"#/properties/show/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate46.errors = vErrors;
return errors === 0;
}
validate46.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate45(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate45.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.scope_id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scope_id"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.query === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "query"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "scope_id") || (key0 === "query")) || (key0 === "max_bytes")) || (key0 === "include_code")) || (key0 === "explain")) || (key0 === "assembly")) || (key0 === "include_receipt")) || (key0 === "bootstrap_receipt_id"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.scope_id !== undefined){
let data0 = data.scope_id;
if(typeof data0 === "string"){
if(func1(data0) > 256){
const err3 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/maxLength",keyword:"maxLength",params:{limit: 256}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(func1(data0) < 1){
const err4 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!pattern4.test(data0)){
const err5 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/pattern",keyword:"pattern",params:{pattern: "\\S"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/scope_id",schemaPath:"#/$defs/ScopeId/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.query !== undefined){
let data1 = data.query;
if(typeof data1 === "string"){
if(func1(data1) > 8192){
const err7 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/maxLength",keyword:"maxLength",params:{limit: 8192}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func1(data1) < 1){
const err8 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(!pattern4.test(data1)){
const err9 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/pattern",keyword:"pattern",params:{pattern: "\\S"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/query",schemaPath:"#/properties/query/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.max_bytes !== undefined){
let data2 = data.max_bytes;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err11 = {instancePath:instancePath+"/max_bytes",schemaPath:"#/properties/max_bytes/type",keyword:"type",params:{type: "integer"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 > 32768 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/max_bytes",schemaPath:"#/properties/max_bytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 32768}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2 < 512 || isNaN(data2)){
const err13 = {instancePath:instancePath+"/max_bytes",schemaPath:"#/properties/max_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 512}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.include_code !== undefined){
if(typeof data.include_code !== "boolean"){
const err14 = {instancePath:instancePath+"/include_code",schemaPath:"#/properties/include_code/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.explain !== undefined){
if(typeof data.explain !== "boolean"){
const err15 = {instancePath:instancePath+"/explain",schemaPath:"#/properties/explain/type",keyword:"type",params:{type: "boolean"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.assembly !== undefined){
if(!(validate46(data.assembly, {instancePath:instancePath+"/assembly",parentData:data,parentDataProperty:"assembly",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate46.errors : vErrors.concat(validate46.errors);
errors = vErrors.length;
}
}
if(data.include_receipt !== undefined){
let data6 = data.include_receipt;
if((typeof data6 !== "boolean") && (data6 !== null)){
const err16 = {instancePath:instancePath+"/include_receipt",schemaPath:"#/properties/include_receipt/type",keyword:"type",params:{type: schema71.properties.include_receipt.type}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.bootstrap_receipt_id !== undefined){
let data7 = data.bootstrap_receipt_id;
const _errs17 = errors;
let valid2 = false;
const _errs18 = errors;
if(typeof data7 === "string"){
if(func1(data7) > 64){
const err17 = {instancePath:instancePath+"/bootstrap_receipt_id",schemaPath:"#/properties/bootstrap_receipt_id/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 64}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(func1(data7) < 1){
const err18 = {instancePath:instancePath+"/bootstrap_receipt_id",schemaPath:"#/properties/bootstrap_receipt_id/anyOf/0/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(!pattern27.test(data7)){
const err19 = {instancePath:instancePath+"/bootstrap_receipt_id",schemaPath:"#/properties/bootstrap_receipt_id/anyOf/0/pattern",keyword:"pattern",params:{pattern: "^[\\x21-\\x7E]+$"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/bootstrap_receipt_id",schemaPath:"#/properties/bootstrap_receipt_id/anyOf/0/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
var _valid0 = _errs18 === errors;
valid2 = valid2 || _valid0;
const _errs20 = errors;
if(data7 !== null){
const err21 = {instancePath:instancePath+"/bootstrap_receipt_id",schemaPath:"#/properties/bootstrap_receipt_id/anyOf/1/type",keyword:"type",params:{type: "null"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
var _valid0 = _errs20 === errors;
valid2 = valid2 || _valid0;
if(!valid2){
const err22 = {instancePath:instancePath+"/bootstrap_receipt_id",schemaPath:"#/properties/bootstrap_receipt_id/anyOf",keyword:"anyOf",params:{}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
else {
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate45.errors = vErrors;
return errors === 0;
}
validate45.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};
