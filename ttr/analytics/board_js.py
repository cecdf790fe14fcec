"""The live board's style and script (svg_board.py), inlined once in the report: the rate to
colour by (buttons), a route's numbers on hover (or a tap), zoom (buttons; Ctrl or Cmd + wheel, a
pinch, or the wheel once zoomed in: the page scrolls past a whole board) and pan (drag), by
changing the SVG's viewBox. Printing shows the whole board (html.PRINT)."""

STYLE = """
.board{margin:8px 0 14px;position:relative}.board figcaption{color:#555;font-size:.85em}
.bsvg{display:block;width:100%;height:auto;max-height:86vh;border:1px solid #d8d2c2;border-radius:4px;touch-action:none;
cursor:grab;background:#f4efe2}
.bsvg.drag{cursor:grabbing}.bsvg text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-weight:600}
.bsvg .rt,.bsvg .ct{cursor:pointer}.bsvg rect,.bsvg .ct{vector-effect:non-scaling-stroke}
.bsvg .rt:hover,.bsvg .rt.hi,.bsvg .ct:hover,.bsvg .ct.hi{stroke:#000;stroke-width:2.6px}.bsvg .ct{stroke:#222;stroke-width:1px}
.bsvg .names{pointer-events:none}
.bctl{display:flex;gap:6px;align-items:center;flex-wrap:wrap;margin:2px 0 6px;font-size:.9em}
.bctl button{font:inherit;padding:2px 9px;border:1px solid #9aa7b8;border-radius:3px;background:#fff;cursor:pointer}
.bctl button.on{background:#2f4b7c;color:#fff;border-color:#2f4b7c}.bctl .zoom{margin-left:auto}
.board .tip{position:absolute;z-index:5;pointer-events:none;background:#fff;border:1px solid #555;border-radius:4px;
padding:5px 8px;font-size:.82em;white-space:pre;box-shadow:0 2px 6px rgba(0,0,0,.25);max-width:30em}
.legend{display:block;width:100%;max-width:640px;height:auto;margin:4px 0}
"""

SCRIPT = """
document.querySelectorAll("figure.board").forEach(function(fig){
var svg=fig.querySelector("svg.bsvg"),tip=fig.querySelector(".tip"),home=svg.dataset.view.split(" ").map(Number),
v=home.slice();function show(){svg.setAttribute("viewBox",v.join(" "));}
function zoom(f,cx,cy){var w=v[2]/f,h=v[3]/f;if(w>home[2]){w=home[2];h=home[3];}
v=[cx-(cx-v[0])*w/v[2],cy-(cy-v[1])*h/v[3],w,h];if(w===home[2])v=home.slice();show();}
function pt(e){var r=svg.getBoundingClientRect(),s=Math.max(v[2]/r.width,v[3]/r.height);
return[v[0]+(e.clientX-r.left-(r.width-v[2]/s)/2)*s,v[1]+(e.clientY-r.top-(r.height-v[3]/s)/2)*s,s];}
svg.addEventListener("wheel",function(e){if(!e.ctrlKey&&!e.metaKey&&v[2]===home[2])return;
e.preventDefault();var p=pt(e);zoom(e.deltaY<0?1.25:0.8,p[0],p[1]);},{passive:false});
var drag=null;svg.addEventListener("pointerdown",function(e){drag=[e.clientX,e.clientY,v[0],v[1],pt(e)[2]];
svg.classList.add("drag");});
window.addEventListener("pointermove",function(e){if(!drag)return;v[0]=drag[2]-(e.clientX-drag[0])*drag[4];
v[1]=drag[3]-(e.clientY-drag[1])*drag[4];show();});
window.addEventListener("pointerup",function(){drag=null;svg.classList.remove("drag");});
fig.querySelectorAll("[data-z]").forEach(function(b){b.addEventListener("click",function(){var f=+b.dataset.z;
if(!f){v=home.slice();show();}else zoom(f,v[0]+v[2]/2,v[1]+v[3]/2);});});
fig.querySelectorAll("[data-m]").forEach(function(b){b.addEventListener("click",function(){
fig.querySelectorAll("[data-m]").forEach(function(o){o.classList.toggle("on",o===b);});
fig.querySelectorAll("[data-c0]").forEach(function(g){g.setAttribute("fill",g.getAttribute("data-c"+b.dataset.m));});});});
function hover(e){var g=e.target.closest?e.target.closest("[data-tip]"):null;fig.querySelectorAll(".hi").forEach(function(o){
if(o!==g)o.classList.remove("hi");});if(!g){tip.hidden=true;return;}g.classList.add("hi");
tip.textContent=g.dataset.tip;tip.hidden=false;var r=fig.getBoundingClientRect(),x=e.clientX-r.left+14,
y=e.clientY-r.top+14;if(x+tip.offsetWidth>r.width)x=Math.max(0,x-tip.offsetWidth-28);
tip.style.left=x+"px";tip.style.top=y+"px";}
svg.addEventListener("pointermove",hover);svg.addEventListener("click",hover);svg.addEventListener("pointerleave",function(){tip.hidden=true;});
});
"""

__all__ = ["SCRIPT", "STYLE"]
