const fs=require('fs');const p=JSON.parse(fs.readFileSync(process.argv[2]));
const byId=new Map(p.nodes.map(n=>[n.id,n]));const self=new Map();
const dt=p.timeDeltas;let total=0;
for(let i=0;i<p.samples.length;i++){const n=byId.get(p.samples[i]);const d=dt[i]||0;total+=d;self.set(n.id,(self.get(n.id)||0)+d);}
const byFn={},byPkg={};
for(const [id,t] of self){const n=byId.get(id);const cf=n.callFrame;const url=cf.url||'';
 const m=url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);const pkg=m?m[1]:(url.includes('/apps/api/')?'app:'+url.replace(/.*apps\/api\/dist\//,''):(url||cf.functionName||'(native)'));
 byPkg[pkg]=(byPkg[pkg]||0)+t;const k=cf.functionName+' '+url.replace(/.*node_modules\//,'').replace(/.*work\/main\//,'')+':'+cf.lineNumber;byFn[k]=(byFn[k]||0)+t;}
console.log('total ms',(total/1000).toFixed(0));
Object.entries(byPkg).sort((a,b)=>b[1]-a[1]).slice(0,25).forEach(([k,v])=>console.log((100*v/total).toFixed(1).padStart(6)+'%',k));
console.log('---');
Object.entries(byFn).sort((a,b)=>b[1]-a[1]).slice(0,40).forEach(([k,v])=>console.log((100*v/total).toFixed(1).padStart(6)+'%',k));
