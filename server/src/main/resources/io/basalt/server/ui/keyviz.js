// The Key Visualizer heatmap: time across, each table's row-key space down (a table's buckets hold about equal
// stored rows), colored by the chosen metric on a logarithmic scale. Hovering shows a cell's key range and value.
(function () {
  'use strict';

  var form = document.getElementById('keyviz-form');
  var canvas = document.getElementById('keyviz-canvas');
  var tip = document.getElementById('keyviz-tip');
  var status = document.getElementById('keyviz-status');
  var HEIGHT = 600;
  var layout = null;

  // Dark for nothing, then blue, magenta, red, orange, yellow and white for the most.
  var STOPS = [[16, 16, 32], [40, 60, 170], [150, 40, 170], [220, 40, 60], [245, 140, 30], [250, 230, 60],
    [255, 255, 255]];

  function color(fraction) {
    if (!(fraction > 0)) {
      return 'rgb(16,16,32)';
    }
    var position = Math.min(1, fraction) * (STOPS.length - 1);
    var low = Math.floor(position);
    var high = Math.min(STOPS.length - 1, low + 1);
    var t = position - low;
    var rgb = [0, 1, 2].map(function (c) {
      return Math.round(STOPS[low][c] + (STOPS[high][c] - STOPS[low][c]) * t);
    });
    return 'rgb(' + rgb.join(',') + ')';
  }

  function formatValue(metric, value) {
    if (metric === 'p99Micros') {
      return value >= 1000 ? (value / 1000).toFixed(1) + ' ms' : value + ' \u00b5s';
    }
    if (metric === 'readBytes' || metric === 'writeBytes') {
      var units = ['B', 'KB', 'MB', 'GB', 'TB'];
      var i = 0;
      while (value >= 1024 && i < units.length - 1) {
        value /= 1024;
        i++;
      }
      return (i === 0 ? value : value.toFixed(1)) + ' ' + units[i];
    }
    return String(value);
  }

  function render(data) {
    var starts = [];
    data.tables.forEach(function (table) {
      table.columns.forEach(function (column) {
        if (starts.indexOf(column.start) < 0) {
          starts.push(column.start);
        }
      });
    });
    starts.sort(function (a, b) { return a - b; });
    var max = 0;
    data.tables.forEach(function (table) {
      table.columns.forEach(function (column) {
        column.values.forEach(function (v) { max = Math.max(max, v); });
      });
    });
    var cell = Math.max(2, Math.min(12, Math.floor(1600 / Math.max(1, starts.length))));
    canvas.width = Math.max(300, starts.length * cell);
    canvas.height = HEIGHT;
    var context = canvas.getContext('2d');
    context.fillStyle = color(0);
    context.fillRect(0, 0, canvas.width, canvas.height);
    var band = data.tables.length ? HEIGHT / data.tables.length : HEIGHT;
    var scale = Math.log(1 + max);
    data.tables.forEach(function (table, t) {
      table.columns.forEach(function (column) {
        var x = starts.indexOf(column.start) * cell;
        var n = column.values.length;
        column.values.forEach(function (value, i) {
          if (value > 0) {
            context.fillStyle = color(Math.log(1 + value) / scale);
            context.fillRect(x, t * band + i * band / n, cell, Math.max(1, band / n));
          }
        });
      });
      if (t > 0) {
        context.fillStyle = '#ffffff';
        context.fillRect(0, t * band, canvas.width, 1);
      }
    });
    layout = {data: data, starts: starts, cell: cell, band: band};
    status.textContent = starts.length + ' columns of ' + data.tables.length + ' table(s); highest ' +
      formatValue(data.metric, max);
    fillList('keyviz-hot-ranges', data.hotRanges, function (r) {
      return [r.table, r.start, r.end || '(end)', String(r.operations), (100 * r.share).toFixed(1) + '%'];
    });
    fillList('keyviz-hot-rows', data.hotRows, function (r) {
      return [r.table, r.row, String(r.operations), (100 * r.share).toFixed(1) + '%'];
    });
    fillList('keyviz-large-rows', data.largeRows, function (r) {
      return [r.table, r.row, formatValue('readBytes', r.bytes)];
    });
    fillList('keyviz-hot-tablets', data.hotTablets, function (r) {
      return [r.table, r.region, r.requestsPerSecond.toFixed(1), String(r.readRequests), String(r.writeRequests)];
    });
  }

  function fillList(id, rows, cells) {
    var body = document.getElementById(id);
    while (body.firstChild) {
      body.removeChild(body.firstChild);
    }
    if (!rows.length) {
      var empty = document.createElement('tr');
      var td = document.createElement('td');
      td.colSpan = 6;
      td.textContent = 'none';
      empty.appendChild(td);
      body.appendChild(empty);
      return;
    }
    rows.forEach(function (row) {
      var tr = document.createElement('tr');
      cells(row).forEach(function (text) {
        var td = document.createElement('td');
        td.textContent = text;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
  }

  // The cell under the pointer: its table, minute(s), key range and value.
  function describe(event) {
    if (!layout) {
      return null;
    }
    var box = canvas.getBoundingClientRect();
    var x = (event.clientX - box.left) * canvas.width / box.width;
    var y = (event.clientY - box.top) * canvas.height / box.height;
    var start = layout.starts[Math.floor(x / layout.cell)];
    var table = layout.data.tables[Math.floor(y / layout.band)];
    if (start === undefined || !table) {
      return null;
    }
    var column = table.columns.filter(function (c) { return c.start === start; })[0];
    if (!column) {
      return null;
    }
    var set = table.bucketSets[column.set];
    var i = Math.min(set.length - 1, Math.floor((y - layout.data.tables.indexOf(table) * layout.band) /
      (layout.band / set.length)));
    return {
      table: table.name,
      time: new Date(start).toISOString().replace('T', ' ').substring(0, 16) + ' UTC, ' + column.minutes + ' min',
      from: set[i],
      to: i + 1 < set.length ? set[i + 1] : '(end of table)',
      value: formatValue(layout.data.metric, column.values[i])
    };
  }

  canvas.addEventListener('mousemove', function (event) {
    var cell = describe(event);
    if (!cell) {
      tip.hidden = true;
      return;
    }
    tip.textContent = cell.table + ' \u2022 ' + cell.time + '\nrows [' + (cell.from || '(start of table)') +
      ', ' + cell.to + ')\n' + cell.value;
    tip.style.left = (event.pageX + 12) + 'px';
    tip.style.top = (event.pageY + 12) + 'px';
    tip.hidden = false;
  });
  canvas.addEventListener('mouseleave', function () {
    tip.hidden = true;
  });

  function load() {
    var query = new URLSearchParams(new FormData(form)).toString();
    status.textContent = 'loading\u2026';
    fetch('/keyviz/data?' + query).then(function (response) {
      return response.ok ? response.json() : response.text().then(function (text) {
        throw new Error(text);
      });
    }).then(render, function (error) {
      status.textContent = 'could not load the heatmap: ' + error.message;
    });
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    load();
  });
  form.addEventListener('change', load);
  window.basaltKeyVisualizer = {describe: describe, reload: load, layout: function () { return layout; }};
  load();
}());
