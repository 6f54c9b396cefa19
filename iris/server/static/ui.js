// The only script of the inspector: "select all on this page". Everything else is plain forms.
document.documentElement.classList.add("js");
document.addEventListener("DOMContentLoaded", () => {
  const all = document.getElementById("select-all");
  if (!all) return;
  all.addEventListener("change", () => {
    document.querySelectorAll('input[name="ids"][form="bulk"]').forEach((box) => {
      box.checked = all.checked;
    });
  });
});
