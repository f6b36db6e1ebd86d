const fs=require('fs');const p=JSON.parse(fs.readFileSync(process.argv[2]));
const byId=new Map(p.nodes.map(n=>[n.id,n]));const parent=new Map();
for(const n of p.nodes)for(const c of n.children||[])parent.set(c,n.id);
const self=new Map();let total=0;
for(let i=0;i<p.samples.length;i++){const d=p.timeDeltas[i]||0;total+=d;self.set(p.samples[i],(self.get(p.samples[i])||0)+d);}
// inclusive time of drizzle self-time attributed to the nearest app frame
const attr={};
for(const [id,t] of self){let n=byId.get(id);if(!/drizzle-orm/.test(n.callFrame.url))continue;
 let cur=id;let app=null;while(cur!==undefined){const f=byId.get(cur).callFrame;if(/apps\/api\/src/.test(f.url)){app=f.functionName+' '+f.url.replace(/.*apps\/api\/src\//,'')+':'+f.lineNumber;break;}cur=parent.get(cur);}
 attr[app]=(attr[app]||0)+t;}
Object.entries(attr).sort((a,b)=>b[1]-a[1]).slice(0,25).forEach(([k,v])=>console.log((100*v/total).toFixed(2).padStart(6)+'%',k));
